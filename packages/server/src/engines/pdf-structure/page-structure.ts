/**
 * One call per page: text lines (or OCR lines for a scan), images, ruled and whitespace-aligned
 * tables, and the reading-order flow that the Word, PowerPoint and Excel writers consume.
 */
import type * as Mupdf from 'mupdf';
import { findAlignedTables } from './aligned-tables';
import { chartAreas, inChart } from './chart-areas';
import { OCR_DPI, OCR_MAX_PIXELS, type OcrOptions, ocrRenderedPage } from './ocr-page';
import { type FlowItem, findGutter, readingOrder } from './reading-order';
import { type RenderedPage, renderPageRgb } from './render-page';
import { findRuledTables } from './ruled-tables';
import { readRulings } from './rulings';
import type { Box, PageImage, PageStructure, Ruling, TextLine } from './structure.types';
import { readPageContent } from './text-lines';
import { maskUnreadable, replaceUnreadable, unreadableLines } from './unreadable-text';
import { renderVectorArt, type VectorArt } from './vector-art';

export interface ExtractOptions {
  /** Decode pictures to PNG (Word and PowerPoint need them; Excel does not). */
  withImages: boolean;
  /** Tesseract settings; without them scanned pages stay empty. */
  ocr?: OcrOptions;
  /** Look for borderless tables too (always on for Excel; on for Word). */
  alignedTables?: boolean;
  /** Also render the page's shapes and charts (no text, no pictures) as a transparent PNG (PowerPoint). */
  withVectorArt?: boolean;
}

export interface PageWithFlow extends PageStructure {
  flow: FlowItem[];
  /** The page's vector art alone, when asked for and the page has some. */
  art?: VectorArt;
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

/**
 * Everything MuPDF has to do for one page, synchronous so it can run in a worker thread. A scanned page
 * (when `detectScans`) comes back as its 300 dpi render for OCR instead of text lines; `buildPageStructure`
 * then finishes it with the OCR lines.
 */
export interface PageAnalysis {
  index: number;
  width: number;
  height: number;
  lines: TextLine[];
  images: PageImage[];
  rulings: Ruling[];
  art?: VectorArt;
  /** Set on a scanned page: the render Tesseract should read. */
  scan?: RenderedPage;
  /** Lines whose font has no usable Unicode map, and the render of just them for OCR. */
  unreadable?: { lines: number[]; render: RenderedPage };
}

export function analysePage(
  mupdf: typeof Mupdf,
  doc: Mupdf.Document,
  index: number,
  options: Omit<ExtractOptions, 'ocr'> & { detectScans: boolean },
): PageAnalysis {
  const page = doc.loadPage(index);
  try {
    const content = readPageContent(mupdf, page, options.withImages);
    // sizes and positions in the reading frame (a sideways table's page is read turned upright)
    const { frame } = content;
    const { width, height } = frame;
    if (
      options.detectScans &&
      content.charCount < SCAN_MAX_CHARS &&
      imageCoverage(mupdf, page, width * height) >= SCAN_MIN_IMAGE_COVER
    ) {
      // the scan stays a picture (a photo has no text at all); its OCR text comes in addition
      const scan = renderPageRgb(mupdf, page, OCR_DPI, OCR_MAX_PIXELS);
      return { index, width, height, lines: [], images: content.images, rulings: [], scan };
    }
    const rulings = readRulings(mupdf, page).map(frame.ruling);
    const analysis: PageAnalysis = {
      index,
      width,
      height,
      lines: content.lines,
      images: content.images,
      rulings,
    };
    // vector art is drawn in the displayed frame: a turned page's shapes would land crosswise
    const unreadable = unreadableLines(content.lines);
    if (options.detectScans && unreadable.length > 0) {
      const boxes = unreadable.flatMap((i) => (content.lines[i] ? [content.lines[i].box] : []));
      const render = maskUnreadable(mupdf, page, boxes, frame, OCR_DPI, OCR_MAX_PIXELS);
      analysis.unreadable = { lines: unreadable, render };
    }
    if (options.withVectorArt && frame.turn === 0) {
      const ruled = ruledTablesOutsideCharts(rulings, content.lines).tables;
      const art = renderVectorArt(mupdf, page, ruled);
      if (art) analysis.art = art;
    }
    return analysis;
  } finally {
    page.destroy();
  }
}

/**
 * Ruled tables, with a vector chart's area left out: its gridlines and axis labels are no table (its
 * text stays out of the whitespace-table search too, and its drawing stays in PowerPoint's art).
 */
function ruledTablesOutsideCharts(
  rulings: Ruling[],
  lines: TextLine[],
): ReturnType<typeof findRuledTables> & { charts: Box[] } {
  const charts = chartAreas(rulings, lines);
  const outside = rulings.filter((r) => !inChart(charts, [r.x0, r.y0, r.x1, r.y1]));
  const ruled = findRuledTables(
    outside,
    lines.filter((l) => !inChart(charts, l.box)),
  );
  return { ...ruled, charts };
}

/** Tables and reading order from an analysed page (plain computation, no MuPDF). */
export function buildPageStructure(
  analysis: PageAnalysis,
  ocrLines: TextLine[] | null,
  alignedTables = true,
): PageWithFlow {
  const { index, width, height, images } = analysis;
  const ocr = ocrLines !== null;
  const lines = ocrLines ?? analysis.lines;
  const { charts, ...ruled } = ruledTablesOutsideCharts(ocr ? [] : analysis.rulings, lines);
  let rest = lines.filter((l) => !ruled.used.has(l));
  const tables = [...ruled.tables];
  if (alignedTables) {
    const aligned = findAlignedTablesPerColumn(
      rest.filter((l) => !inChart(charts, l.box)),
      width,
    );
    tables.push(...aligned.tables);
    rest = rest.filter((l) => !aligned.used.has(l));
  }
  tables.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const flow = readingOrder(rest, tables, images, width);
  const ordered = flow.flatMap((item) => (item.kind === 'paragraph' ? item.lines : []));
  const page: PageWithFlow = { index, width, height, lines: ordered, images, tables, ocr, flow };
  if (analysis.art && !ocr) page.art = analysis.art;
  return page;
}

/** The analysis with its unreadable lines (no Unicode map) replaced by what OCR reads in their area. */
export async function readUnreadableLines(
  analysis: PageAnalysis,
  ocr: OcrOptions | undefined,
): Promise<PageAnalysis> {
  const { unreadable, ...rest } = analysis;
  if (!unreadable || !ocr) return rest;
  // the request's language, else the one the script of the text implies
  const options = { ...ocr, detectLanguage: true };
  const ocrLines = await ocrRenderedPage(unreadable.render, analysis.index, options);
  return { ...rest, lines: replaceUnreadable(analysis.lines, unreadable.lines, ocrLines) };
}

/** The whole page on the calling thread: analysis, OCR of a scan, then tables and reading order. */
export async function extractPageStructure(
  mupdf: typeof Mupdf,
  doc: Mupdf.Document,
  index: number,
  options: ExtractOptions,
): Promise<PageWithFlow> {
  const analysis = analysePage(mupdf, doc, index, { ...options, detectScans: options.ocr !== undefined });
  const ocrLines =
    analysis.scan && options.ocr ? await ocrRenderedPage(analysis.scan, index, options.ocr) : null;
  const read = await readUnreadableLines(analysis, options.ocr);
  return buildPageStructure(read, ocrLines, options.alignedTables !== false);
}
