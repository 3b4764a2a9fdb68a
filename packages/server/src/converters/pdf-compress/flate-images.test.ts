import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downsamplePdf } from '../../engines/ghostscript';
import { optimizePdfLosslessly } from '../../engines/qpdf';
import { pdfFromObjects } from '../../testing/fuzz-inputs';
import { corpusFile, fileSize, listedImages, useTestJob } from '../../testing/pdf-tools';
import { FlateImageCounter, flateImageBytes, worthRecompressing } from './flate-images';

const job = useTestJob();

/** pdfimages' own reading: the bytes of the images it lists as Flate or raw ('image'), from its size column. */
async function listedFlateImageBytes(path: string): Promise<number> {
  const flate = (await listedImages(path)).filter((image) => image.encoding === 'image');
  return flate.reduce((total, image) => total + (image.bytes || 0), 0); // no size printed: none counted
}

/** Ghostscript's rewrite as compress makes it (Preset ebook, 150 dpi). */
async function rewrittenByGhostscript(source: string, name: string): Promise<string> {
  const output = join(job().workDir, name);
  await downsamplePdf(corpusFile(source), output, 150, { timeoutMs: 60_000 });
  return output;
}

/** qpdf's lossless pass over `path` with and without recompressing its Flate streams: the sizes. */
async function packedSizes(path: string): Promise<{ recompressed: number; packedOnly: number }> {
  const recompressed = join(job().workDir, 'recompressed.pdf');
  const packedOnly = join(job().workDir, 'packed-only.pdf');
  await optimizePdfLosslessly(path, recompressed, { timeoutMs: 60_000 }, true);
  await optimizePdfLosslessly(path, packedOnly, { timeoutMs: 60_000 }, false);
  return { recompressed: await fileSize(recompressed), packedOnly: await fileSize(packedOnly) };
}

/** The count of `bytes` pushed in chunks of `size` bytes, as a file is read. */
function countedInChunks(bytes: Buffer, size: number): number {
  const counter = new FlateImageCounter();
  for (let at = 0; at < bytes.length; at += size) counter.push(bytes.subarray(at, at + size));
  return counter.end();
}

const image = (dictionary: string, data = 'x'.repeat(4000)) =>
  `<< /Type /XObject ${dictionary} /Width 10 /Height 10 /BitsPerComponent 8 /Length ${data.length} >>\nstream\n${data}\nendstream`;

describe("Ghostscript's Flate images: is qpdf's recompression worth its time", () => {
  it('recompresses the scan whose large images Ghostscript keeps as Flate, where it pays (independent: pdfimages, qpdf)', async () => {
    const rewritten = await rewrittenByGhostscript('pdf-scanned/multipage.pdf', 'multipage-gs.pdf');
    const bytes = await readFile(rewritten);
    const found = flateImageBytes(bytes);
    // read in chunks, as worthRecompressing reads a file, the count is the same wherever they cut
    for (const size of [1000, 4099, 65_536]) expect(countedInChunks(bytes, size)).toBe(found);
    const listed = await listedFlateImageBytes(rewritten);
    expect(listed).toBeGreaterThan(100 * 1024);
    // pdfimages rounds its sizes to 3 figures
    expect(Math.abs(found - listed) / listed).toBeLessThan(0.02);
    expect(await worthRecompressing(rewritten)).toBe(true);
    const sizes = await packedSizes(rewritten);
    expect(sizes.recompressed).toBeLessThan(sizes.packedOnly * 0.9);
  });

  it('packs only the book whose images are JPEG but one of under a kilobyte, where recompressing gains under 1 %', async () => {
    const rewritten = await rewrittenByGhostscript('pdf/GeoTopo-komprimiert.pdf', 'geotopo-gs.pdf');
    // one small Flate image (under a kilobyte) beside the JPEGs
    expect(await listedFlateImageBytes(rewritten)).toBeLessThan((await fileSize(rewritten)) / 100);
    expect(await worthRecompressing(rewritten)).toBe(false);
    const sizes = await packedSizes(rewritten);
    expect(sizes.recompressed).toBeGreaterThan(sizes.packedOnly * 0.99);
  });

  it('counts Flate image data by the dictionary, in the forms a writer may use, and nothing else', () => {
    const file = (...objects: string[]) =>
      flateImageBytes(
        pdfFromObjects([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [] /Count 0 >>',
          ...objects,
        ]),
      );
    const data = 'x'.repeat(4000);
    // each counts its stream data (from `stream` to `endstream`, with the line ends around the data)
    const counted = data.length + 'stream\n\n'.length;
    expect(file(image('/Subtype /Image /Filter /FlateDecode', data))).toBe(counted);
    expect(file(image('/Subtype/Image/Filter[/FlateDecode]', data))).toBe(counted);
    expect(file(image('/Subtype\n/Image /Filter /Fl', data))).toBe(counted);
    expect(file(image('/Subtype /Image /Filter [/FlateDecode /DCTDecode]', data))).toBe(counted);
    expect(
      file(image('/Subtype /Image /Filter /FlateDecode', data), image('/Subtype /Image /Filter /Fl', data)),
    ).toBe(2 * counted);
    // every kind in one file, pushed a byte, a few bytes or a line at a time: the same count
    const mixed = pdfFromObjects([
      image('/Subtype /Image /Filter /FlateDecode', data),
      image('/Subtype /Image /Filter /DCTDecode', data),
      image('/Subtype\n/Image /Filter /Fl', data),
      image('/Subtype /Form /Filter /FlateDecode', data),
    ]);
    for (const size of [1, 7, 100]) expect(countedInChunks(mixed, size)).toBe(2 * counted);
    // JPEG, uncompressed, not an image, a longer name, a ProcSet's /ImageB: none
    expect(file(image('/Subtype /Image /Filter /DCTDecode', data))).toBe(0);
    expect(file(image('/Subtype /Image', data))).toBe(0);
    expect(file(image('/Subtype /Form /Filter /FlateDecode', data))).toBe(0);
    expect(file(image('/Subtype /Imaged /Filter /FlateDecode', data))).toBe(0);
    expect(file('<< /ProcSet [/PDF /ImageB /ImageC] /Filter /FlateDecode >>')).toBe(0);
  });

  it('reads a cut or malformed file without failing: what it cannot place is not counted', async () => {
    const whole = pdfFromObjects([image('/Subtype /Image /Filter /FlateDecode')]);
    const cut = whole.subarray(0, whole.indexOf('endstream'));
    expect(flateImageBytes(cut)).toBe(0);
    expect(flateImageBytes(Buffer.from('/Subtype /Image /Filter /FlateDecode'))).toBe(0);
    expect(flateImageBytes(Buffer.alloc(0))).toBe(0);
    const path = join(job().workDir, 'cut.pdf');
    await writeFile(path, cut);
    expect(await worthRecompressing(path)).toBe(false);
  });
});
