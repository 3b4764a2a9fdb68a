/**
 * One call per page: text lines (or OCR lines for a scan), images, ruled and whitespace-aligned
 * tables, and the reading-order flow that the Word, PowerPoint and Excel writers consume.
 */
import type * as Mupdf from 'mupdf';
import { findAlignedTables } from './aligned-tables';
import { type OcrOptions, ocrPage } from './ocr-page';
import { type FlowItem, findGutter, readingOrder } from './reading-order';
import { findRuledTables } from './ruled-tables';
import { readRulings } from './rulings';
import type { PageStructure, TextLine } from './structure.types';
import { readPageContent } from './text-lines';

export interface ExtractOptions {
  /** Decode pictures to PNG (Word and PowerPoint need them; Excel does not). */
  withImages: boolean;
  /** Tesseract settings; without them scanned pages stay empty. */
  ocr?: OcrOptions;
  /** Look for borderless tables too (always on for Excel; on for Word). */
  alignedTables?: boolean;
}

export interface PageWithFlow extends PageStructure {
  flow: FlowItem[];
}

/** Fewer characters than this on a page mostly covered by pictures means a scan. */
const SCAN_MAX_CHARS = 20;
const SCAN_MIN_IMAGE_COVER = 0.3;

function imageCoverage(mupdf: typeof Mupdf, page: Mupdf.Page, pageArea: number): number {
  let area = 0;
  const device = new mupdf.Device({
    fillImage(_image, ctm) {
      area += Math.abs((ctm[0] ?? 0) * (ctm[3] ?? 0) - (ctm[1] ?? 0) * (ctm[2] ?? 0));
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return pageArea > 0 ? area / pageArea : 0;
}

/** On a two-column page each column is searched on its own, so side-by-side prose is never a table. */
function findAlignedTablesPerColumn(
  lines: TextLine[],
  pageWidth: number,
): ReturnType<typeof findAlignedTables> {
  const gutter = findGutter(lines, pageWidth);
  if (!gutter) return findAlignedTables(lines);
  const mid = (gutter.from + gutter.to) / 2;
  const left = findAlignedTables(lines.filter((l) => l.box[2] <= mid));
  const right = findAlignedTables(lines.filter((l) => l.box[0] >= mid));
  const full = findAlignedTables(lines.filter((l) => l.box[0] < mid && l.box[2] > mid));
  return {
    tables: [...left.tables, ...right.tables, ...full.tables],
    used: new Set([...left.used, ...right.used, ...full.used]),
  };
}

export async function extractPageStructure(
  mupdf: typeof Mupdf,
  doc: Mupdf.Document,
  index: number,
  options: ExtractOptions,
): Promise<PageWithFlow> {
  const page = doc.loadPage(index);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const width = x1 - x0;
    const height = y1 - y0;
    const content = readPageContent(mupdf, page, options.withImages);
    let lines: TextLine[] = content.lines;
    let images = content.images;
    let ocr = false;
    if (
      options.ocr &&
      content.charCount < SCAN_MAX_CHARS &&
      imageCoverage(mupdf, page, width * height) >= SCAN_MIN_IMAGE_COVER
    ) {
      lines = await ocrPage(mupdf, page, index, options.ocr);
      ocr = true;
      // the scan itself is replaced by its text; smaller pictures on the page stay
      images = images.filter(
        (img) =>
          (img.box[2] - img.box[0]) * (img.box[3] - img.box[1]) < width * height * SCAN_MIN_IMAGE_COVER,
      );
    }
    const rulings = ocr ? [] : readRulings(mupdf, page);
    const ruled = findRuledTables(rulings, lines);
    let rest = lines.filter((l) => !ruled.used.has(l));
    const tables = [...ruled.tables];
    if (options.alignedTables !== false) {
      const aligned = findAlignedTablesPerColumn(rest, width);
      tables.push(...aligned.tables);
      rest = rest.filter((l) => !aligned.used.has(l));
    }
    tables.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
    const flow = readingOrder(rest, tables, images, width);
    const ordered = flow.flatMap((item) => (item.kind === 'paragraph' ? item.lines : []));
    return { index, width, height, lines: ordered, images, tables, ocr, flow };
  } finally {
    page.destroy();
  }
}
