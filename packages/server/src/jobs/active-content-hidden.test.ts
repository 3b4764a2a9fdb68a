/**
 * Results built to hide their active content from the scrub's pre-check still come out clean: each
 * hostile file is a converter's result going through the job's real active-content step (pre-check,
 * then the MuPDF scrub in a worker). Judged by qpdf's JSON (names decoded, object streams read) and,
 * for the updates only MuPDF reads as it does (an untyped xref stream qpdf and poppler refuse, an
 * ASCIIHex object stream, a catalog found only by rebuilding the xref), by MuPDF's own reading. And the case the pre-check exists for: merge's own result is proven clean.
 */
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConverterContext } from '../converters/converter.types';
import { pdfMergeConverter } from '../converters/pdf-merge';
import { mayHoldActiveContent } from '../engines/active-content-precheck';
import { loadMupdf } from '../engines/mupdf';
import { runMupdfTask, shutdownMupdfWorkers } from '../engines/mupdf-worker';
import { runEngine } from '../engines/run-engine';
import { pdfWithActiveContent } from '../testing/active-content-pdf';
import { convertAsSent } from '../testing/convert-as-sent';
import {
  activeContentInObjectStreams,
  activeContentInUntypedUpdate,
  activeContentWithBrokenXref,
  activeContentWithEscapedNames,
} from '../testing/hidden-active-content';
import { corpusFile } from '../testing/pdf-tools';
import { convertWithoutActiveContent } from './active-content';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-hidden-active-'));
});
afterAll(async () => {
  await shutdownMupdfWorkers();
  await rm(dir, { recursive: true, force: true });
});

/** qpdf's view of every object (repairing a damaged file as it reads it). */
async function qpdfSees(path: string): Promise<{ javaScript: boolean; launch: boolean }> {
  const { stdout } = await runEngine(
    'qpdf',
    ['--warning-exit-0', '--json', '--json-stream-data=none', '--', path],
    { timeoutMs: 30_000, maxStdout: 64 * 1024 * 1024 },
  );
  const json = stdout.toString('utf8');
  return { javaScript: json.includes('"/JavaScript"'), launch: json.includes('"/Launch"') };
}

/** The catalog as MuPDF reads it (OpenAction, Names), as text. */
async function catalogAsMupdfReadsIt(path: string): Promise<string> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  try {
    const root = doc.asPDF()?.getTrailer().get('Root');
    return root && !root.isNull() ? String(root.resolve()) : '';
  } finally {
    doc.destroy();
  }
}

/** Runs the job's active-content step on `hostile` as the result of a PDF-output tool. */
async function throughTheJobStep(name: string, hostile: Buffer): Promise<string> {
  const workDir = await mkdtemp(join(dir, 'job-'));
  const source = join(workDir, `${name}-made.pdf`);
  await writeFile(source, hostile);
  const result = join(workDir, `${name}-result.pdf`);
  const context: ConverterContext = {
    files: [],
    params: {},
    workDir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 60_000,
  };
  await convertWithoutActiveContent('pdf/to/rotate', false, context, async () => {
    await copyFile(source, result);
    return [{ path: result, fileName: 'result.pdf' }];
  });
  return result;
}

const readByQpdf: Array<{ name: string; make: () => Promise<Buffer> }> = [
  { name: 'escaped-names', make: () => activeContentWithEscapedNames(dir) },
  { name: 'object-streams', make: () => activeContentInObjectStreams(dir) },
  { name: 'broken-xref', make: activeContentWithBrokenXref },
];

describe('hidden active content is still removed', () => {
  for (const { name, make } of readByQpdf) {
    it(`${name}: qpdf finds the script and the Launch action before, neither after`, async () => {
      const hostile = await make();
      const before = join(dir, `${name}.pdf`);
      await writeFile(before, hostile);
      expect(await qpdfSees(before)).toEqual({ javaScript: true, launch: true });
      const after = await throughTheJobStep(name, hostile);
      expect(await qpdfSees(after)).toEqual({ javaScript: false, launch: false });
    }, 60_000);
  }

  const readByMupdfOnly: Array<{ name: string; make: () => Promise<Buffer> }> = [
    {
      name: 'an update with an untyped xref stream and object stream',
      make: () => activeContentInUntypedUpdate(),
    },
    {
      name: 'an object stream in ASCIIHex',
      make: () => activeContentInUntypedUpdate({ objectStreamFilter: 'hex' }),
    },
    {
      name: 'a typed object stream only a rebuilt xref reaches',
      make: () => activeContentInUntypedUpdate({ repairOnly: true }),
    },
  ];
  for (const { name, make } of readByMupdfOnly) {
    it(`${name}: MuPDF reads the OpenAction before, not after`, async () => {
      const hostile = await make();
      const before = join(dir, 'mupdf-only.pdf');
      await writeFile(before, hostile);
      expect(hostile.toString('latin1')).not.toContain('JavaScript'); // hidden from a byte search
      expect(await catalogAsMupdfReadsIt(before)).toContain('/JavaScript');
      const after = await throughTheJobStep('mupdf-only', hostile);
      const catalog = await catalogAsMupdfReadsIt(after);
      expect(catalog).toContain('/Catalog');
      expect(catalog).not.toContain('JavaScript');
      expect((await qpdfSees(after)).javaScript).toBe(false);
    }, 60_000);
  }
});

/**
 * `pdf` made larger than the server's thread scans (4 MB): comment lines before its last `startxref`,
 * so no offset moves and every reader reads what it read before; the scrub's worker scans it instead.
 */
function tooLargeForTheThread(pdf: Buffer): Buffer {
  const at = pdf.lastIndexOf('startxref');
  const line = `%${' padding'.repeat(9)}\n`;
  const padding = Buffer.from(line.repeat(Math.ceil((4.5 * 1024 * 1024) / line.length)), 'latin1');
  return Buffer.concat([pdf.subarray(0, at), padding, pdf.subarray(at)]);
}

describe('results too large to scan on the server thread', () => {
  const hostile = [
    { name: 'plain', make: () => pdfWithActiveContent(2) },
    ...readByQpdf,
    { name: 'untyped update', make: () => activeContentInUntypedUpdate() },
  ];
  for (const { name, make } of hostile) {
    it(`${name}: the scrub's worker finds it and MuPDF removes it`, async () => {
      const large = tooLargeForTheThread(await make());
      expect(large.length).toBeGreaterThan(4 * 1024 * 1024);
      const before = join(dir, `large-${name}.pdf`);
      await writeFile(before, large);
      const path = join(dir, `large-${name}-scrubbed.pdf`);
      await copyFile(before, path);
      const scrubbed = await runMupdfTask({ kind: 'strip-active-content', path });
      expect(scrubbed).toMatchObject({ checkedBy: 'mupdf', locked: false });
      expect(scrubbed.removed).toBeGreaterThan(0);
      expect(
        (await catalogAsMupdfReadsIt(before)).includes('/JavaScript') || (await qpdfSees(before)).javaScript,
      ).toBe(true);
      const after = await throughTheJobStep(`large-${name}`, large);
      expect(await catalogAsMupdfReadsIt(after)).not.toContain('JavaScript');
      expect(await qpdfSees(after)).toEqual({ javaScript: false, launch: false });
    }, 60_000);
  }

  it('a clean one is proven clean by the scan in the worker, and left as it was', async () => {
    const large = tooLargeForTheThread(await readFile(corpusFile('pdf/pdflatex-outline.pdf')));
    const path = join(dir, 'large-clean.pdf');
    await writeFile(path, large);
    expect(await runMupdfTask({ kind: 'strip-active-content', path })).toEqual({
      removed: 0,
      locked: false,
      checkedBy: 'scan',
    });
    const after = await throughTheJobStep('large-clean', large);
    expect((await readFile(after)).equals(large)).toBe(true);
  }, 60_000);
});

describe('a clean result skips the scrub', () => {
  it("proves the merge's own result clean (bookmarks added as an update), not once its /Prev is bent", async () => {
    const parts = ['pdf/pdflatex-outline.pdf', 'pdf/pdflatex-4-pages.pdf'].map(corpusFile);
    const files = await Promise.all(
      parts.map(async (path) => ({ path, fileName: 'part.pdf', ext: 'pdf', size: (await stat(path)).size })),
    );
    const workDir = await mkdtemp(join(dir, 'merge-'));
    const [result] = await convertAsSent(pdfMergeConverter, {
      files,
      params: {},
      workDir,
      signal: new AbortController().signal,
      deadlineAt: Date.now() + 60_000,
    });
    const text = (await readFile(result?.path ?? '')).toString('latin1');
    const trailers = text.match(/trailer/g) ?? [];
    expect(trailers.length).toBe(2); // qpdf's table, then the bookmarks' update pointing back to it
    expect(mayHoldActiveContent(Buffer.from(text, 'latin1'))).toBe(false);
    // the update's trailer points at a place that is not an xref table (readers then rebuild it)
    const lastTrailer = text.lastIndexOf('trailer');
    const bent = text.slice(0, lastTrailer) + text.slice(lastTrailer).replace(/\/Prev (\d+)/, '/Prev 1$1');
    expect(bent).not.toBe(text);
    expect(mayHoldActiveContent(Buffer.from(bent, 'latin1'))).toBe(true);
  }, 60_000);
});
