/**
 * Whether qpdf's Flate recompression is worth its time on Ghostscript's output. Ghostscript deflates
 * content streams and fonts about as tightly as qpdf's level 6 does, but leaves the images it keeps
 * lossless (Flate) loosely packed. On the bench's files (`npm run bench -- pdf-tools`) recompressing
 * took multipage.pdf (two large Flate images) from 891 to 754 KB for 0.34 s more, while GeoTopo
 * (JPEG images only) gained 0.05 % for 0.11 s and the two others nothing. So the pass recompresses
 * only when Flate images make up a share of the file; either way qpdf packs objects into streams, and
 * compress keeps whichever of its candidates is smallest.
 */
import { readFile, stat } from 'node:fs/promises';

/** Flate image data from this share of the file on makes recompressing worth it. */
const WORTH_SHARE = 1 / 20;
/** Past this the file is not read: recompressing is assumed worth it, as it always was. */
const MOST_SCANNED_BYTES = 256 * 1024 * 1024;
/** How far before `/Subtype` its object's start is looked for (a stream dictionary is short). */
const DICTIONARY_REACH = 4096;

/** `/Image` as a whole name right after `/Subtype` (not `/ImageB` of a ProcSet). */
const IMAGE_SUBTYPE = /^\/Subtype\s*\/Image(?![^\0\t\n\f\r ()<>[\]{}/%])/;
const FLATE = /\/FlateDecode(?![^\0\t\n\f\r ()<>[\]{}/%])|\/Fl(?![^\0\t\n\f\r ()<>[\]{}/%])/;

/** Bytes of stream data in Flate-filtered image XObjects of the PDF in `bytes`. */
export function flateImageBytes(bytes: Buffer): number {
  let total = 0;
  for (let at = bytes.indexOf('/Subtype'); at !== -1; at = bytes.indexOf('/Subtype', at + 1)) {
    if (!IMAGE_SUBTYPE.test(bytes.toString('latin1', at, at + 32))) continue;
    // the image's dictionary: from its object's header (the nearest `obj` before) to `stream`
    const objectAt = bytes.lastIndexOf('obj', at);
    const streamAt = bytes.indexOf('stream', at);
    if (objectAt === -1 || at - objectAt > DICTIONARY_REACH || streamAt === -1) continue;
    if (streamAt - at > DICTIONARY_REACH) continue;
    if (!FLATE.test(bytes.toString('latin1', objectAt, streamAt))) continue;
    const endAt = bytes.indexOf('endstream', streamAt);
    if (endAt === -1) break;
    total += endAt - streamAt;
    at = endAt;
  }
  return total;
}

/** True when recompressing the Flate streams of the PDF at `path` is worth qpdf's time (see above). */
export async function worthRecompressing(path: string): Promise<boolean> {
  const { size } = await stat(path);
  if (size > MOST_SCANNED_BYTES) return true;
  return flateImageBytes(await readFile(path)) >= size * WORTH_SHARE;
}
