/**
 * The MuPDF tasks as they run inside a worker thread (registered by name in worker-tasks.ts). The
 * worker keeps the last opened document, so the page-by-page tasks of one conversion read and parse
 * the file once; the file's size and mtime are checked on every task, so a different file at the
 * same path is never served from the cache.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { damagedFile } from '../../contract/errors';
import { mayHoldActiveContent } from '../active-content-precheck';
import { loadMupdf, openPdf } from '../mupdf';
import { rasterisePages, widenPageBoxes } from '../mupdf-redaction/rasterise-pages';
import { applyRedactionPlan, readRedactionTexts } from '../mupdf-redaction/redaction-mupdf';
import { smallForServerThread } from '../pdf-raw-structure';
import { analysePage } from '../pdf-structure/page-structure';
import { renderPageRgb } from '../pdf-structure/render-page';
import { saveWithoutUnusedObjects, stripActiveContent } from '../strip-active-content';
import type { PageTextLayer } from '../tesseract';
import type { TaskHandler } from './worker-protocol';

let cached: { key: string; doc: Mupdf.PDFDocument } | undefined;

/** The worker's cached document at `path` (opened again when the file changed). */
export async function documentAt(path: string, password?: string): Promise<Mupdf.PDFDocument> {
  const info = await stat(path);
  const key = `${path}\n${info.size}\n${info.mtimeMs}\n${password ?? ''}`;
  if (cached?.key === key) return cached.doc;
  cached?.doc.destroy();
  cached = undefined;
  const doc = await openPdf(path, password);
  cached = { key, doc };
  return doc;
}

/**
 * Removes `path`'s active content. A file too large for the server's thread to have scanned
 * (jobs/active-content.ts) is scanned here first, and MuPDF opens it only when the scan cannot prove
 * it clean: a 19 MB merge took 24-45 ms to scan against 0.8-1.4 s to open and visit in MuPDF.
 */
async function stripActiveContentAt(
  path: string,
): Promise<{ removed: number; locked: boolean; checkedBy: 'scan' | 'mupdf' }> {
  const bytes = await readFile(path);
  if (!smallForServerThread(bytes.length) && !mayHoldActiveContent(bytes))
    return { removed: 0, locked: false, checkedBy: 'scan' };
  const mupdf = await loadMupdf();
  let doc: Mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw damagedFile('The PDF is damaged and cannot be read.');
  }
  try {
    if (doc.needsPassword()) return { removed: 0, locked: true, checkedBy: 'mupdf' };
    const pdf = doc.asPDF();
    if (!pdf) throw damagedFile('The PDF is damaged and cannot be read.');
    const removed = stripActiveContent(pdf);
    if (removed > 0) await writeFile(path, saveWithoutUnusedObjects(pdf));
    return { removed, locked: false, checkedBy: 'mupdf' };
  } finally {
    doc.destroy();
  }
}

/** The bytes to move rather than copy: only buffers that own their whole ArrayBuffer (never a pool slab). */
export function ownedBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const whole = bytes.buffer;
  return whole instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === whole.byteLength
    ? [whole]
    : [];
}

export const countPages: TaskHandler<'count-pages'> = async (task) => {
  const doc = await documentAt(task.path, task.password);
  return { result: { pages: doc.countPages() }, transfer: [] };
};

export const renderRgb: TaskHandler<'render-rgb'> = async (task) => {
  const mupdf = await loadMupdf();
  const doc = await documentAt(task.path);
  const page = doc.loadPage(task.index);
  try {
    const rendered = renderPageRgb(mupdf, page, task.dpi, task.maxPixels);
    return { result: rendered, transfer: ownedBuffer(rendered.pixels) };
  } finally {
    page.destroy();
  }
};

export const analyse: TaskHandler<'analyse-page'> = async (task) => {
  const mupdf = await loadMupdf();
  const doc = await documentAt(task.path);
  const analysis = analysePage(mupdf, doc, task.index, task.options);
  const transfer = [analysis.scan?.pixels, analysis.unreadable?.render.pixels].flatMap((pixels) =>
    pixels ? ownedBuffer(pixels) : [],
  );
  return { result: analysis, transfer };
};

export const textLayers: TaskHandler<'text-layers'> = async (task) => {
  const doc = await documentAt(task.path);
  const pages = doc.countPages();
  const layers: PageTextLayer[] = [];
  for (let index = task.from; index < Math.min(task.to, pages); index++) {
    const page = doc.loadPage(index);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      const stext = page.toStructuredText('preserve-whitespace');
      layers.push({ text: stext.asText(), width: x1 - x0, height: y1 - y0 });
      stext.destroy();
    } finally {
      page.destroy();
    }
  }
  return { result: { pages, layers }, transfer: [] };
};

export const redactionTexts: TaskHandler<'redaction-texts'> = async (task) => {
  // a private copy: showing the hidden layers must not leak into the cached document
  const doc = await openPdf(task.path);
  try {
    return { result: readRedactionTexts(doc), transfer: [] };
  } finally {
    doc.destroy();
  }
};

export const applyRedactions: TaskHandler<'apply-redactions'> = async (task) => {
  const mupdf = await loadMupdf();
  const doc = await openPdf(task.path);
  try {
    const saved = applyRedactionPlan(mupdf, doc, task.plan);
    await writeFile(task.output, saved);
    return { result: { bytes: saved.length }, transfer: [] };
  } finally {
    doc.destroy();
  }
};

export const rasterise: TaskHandler<'rasterise-pages'> = async (task) => {
  const mupdf = await loadMupdf();
  const original = await openPdf(task.original);
  try {
    const redacted = await openPdf(task.redacted);
    try {
      const { saved, modes } = rasterisePages(mupdf, original, redacted, task.plan);
      await writeFile(task.output, saved);
      return { result: { modes }, transfer: [] };
    } finally {
      redacted.destroy();
    }
  } finally {
    original.destroy();
  }
};

export const widenBoxes: TaskHandler<'widen-page-boxes'> = async (task) => {
  const mupdf = await loadMupdf();
  const doc = await openPdf(task.path);
  try {
    const saved = widenPageBoxes(mupdf, doc, task.margin, task.asReference);
    await writeFile(task.output, saved);
    return { result: { bytes: saved.length }, transfer: [] };
  } finally {
    doc.destroy();
  }
};

export const stripActive: TaskHandler<'strip-active-content'> = async (task) => ({
  result: await stripActiveContentAt(task.path),
  transfer: [],
});
