/**
 * Whether qpdf's Flate recompression is worth its time on Ghostscript's output. Ghostscript deflates
 * content streams and fonts about as tightly as qpdf's level 6 does, but leaves the images it keeps
 * lossless (Flate) loosely packed. On the bench's files (`npm run bench -- pdf-tools`) recompressing
 * took multipage.pdf (two large Flate images) from 891 to 754 KB for 0.34 s more, while GeoTopo
 * (JPEG images only) gained 0.05 % for 0.11 s and the two others nothing. So the pass recompresses
 * only when Flate images make up a share of the file; either way qpdf packs objects into streams, and
 * compress keeps whichever of its candidates is smallest.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Flate image data from this share of the file on makes recompressing worth it. */
const WORTH_SHARE = 1 / 20;
/** How far before `/Subtype` its object's start, and after it `stream`, are looked for. */
const DICTIONARY_REACH = 4096;
/** What is kept of the bytes already searched: an object's start before a `/Subtype` in the next chunk. */
const KEPT_BYTES = DICTIONARY_REACH + 16;
/** The file is read in chunks of this size, never whole (Ghostscript's output of a long scan is large). */
const CHUNK_BYTES = 1024 * 1024;

/** `/Image` as a whole name right after `/Subtype` (not `/ImageB` of a ProcSet). */
const IMAGE_SUBTYPE = /^\/Subtype\s*\/Image(?![^\0\t\n\f\r ()<>[\]{}/%])/;
const FLATE = /\/FlateDecode(?![^\0\t\n\f\r ()<>[\]{}/%])|\/Fl(?![^\0\t\n\f\r ()<>[\]{}/%])/;

/**
 * Counts the bytes of stream data in Flate-filtered image XObjects of a PDF given chunk by chunk:
 * from an image's `stream` keyword to its `endstream`. Offsets are the file's.
 */
export class FlateImageCounter {
  total = 0;
  /** What is held: the bytes from file offset `heldAt` on. */
  private held: Buffer = Buffer.alloc(0);
  private heldAt = 0;
  /** The next search starts here. */
  private searchAt = 0;
  /** The file offset of the `stream` keyword of a Flate image whose `endstream` is still ahead. */
  private dataAt: number | undefined;

  push(chunk: Buffer): this {
    this.held = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    this.search(false);
    return this;
  }

  /** The count, once the whole file was pushed. */
  end(): number {
    this.search(true);
    return this.total;
  }

  private search(final: boolean): void {
    for (;;) {
      const from = Math.max(0, this.searchAt - this.heldAt);
      if (this.dataAt !== undefined) {
        const end = this.held.indexOf('endstream', from);
        if (end === -1) {
          // (a file cut inside an image's data: that image is not counted)
          this.searchAt = this.heldAt + Math.max(from, this.held.length - 'endstream'.length + 1);
          break;
        }
        this.total += this.heldAt + end - this.dataAt;
        this.dataAt = undefined;
        this.searchAt = this.heldAt + end + 1;
        continue;
      }
      const at = this.held.indexOf('/Subtype', from);
      if (at === -1) {
        this.searchAt = this.heldAt + Math.max(from, this.held.length - '/Subtype'.length + 1);
        break;
      }
      // the dictionary may go on past what is held: wait for more, unless there is no more
      if (!final && this.held.length - at < DICTIONARY_REACH + 'stream'.length) break;
      this.searchAt = this.heldAt + at + 1;
      if (!IMAGE_SUBTYPE.test(this.held.toString('latin1', at, at + 32))) continue;
      // the image's dictionary: from its object's header (the nearest `obj` before) to `stream`
      const objectAt = this.held.lastIndexOf('obj', at);
      const streamAt = this.held.indexOf('stream', at);
      if (objectAt === -1 || at - objectAt > DICTIONARY_REACH) continue;
      if (streamAt === -1 || streamAt - at > DICTIONARY_REACH) continue;
      if (!FLATE.test(this.held.toString('latin1', objectAt, streamAt))) continue;
      this.dataAt = this.heldAt + streamAt;
      this.searchAt = this.dataAt + 1;
    }
    this.keepTail();
  }

  /** Drops what no later search can need: all but the last KEPT_BYTES before the next search. */
  private keepTail(): void {
    const drop = Math.min(this.searchAt - this.heldAt, this.held.length) - KEPT_BYTES;
    if (drop <= 0) return;
    this.held = this.held.subarray(drop);
    this.heldAt += drop;
  }
}

/** Bytes of stream data in Flate-filtered image XObjects of the PDF in `bytes`. */
export function flateImageBytes(bytes: Buffer): number {
  return new FlateImageCounter().push(bytes).end();
}

/** True when recompressing the Flate streams of the PDF at `path` is worth qpdf's time (see above). */
export async function worthRecompressing(path: string): Promise<boolean> {
  const { size } = await stat(path);
  const counter = new FlateImageCounter();
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }))
    counter.push(chunk as Buffer);
  return counter.end() >= size * WORTH_SHARE;
}
