/**
 * True redaction with MuPDF: detected text becomes Redact annotations, and applying them removes the
 * glyphs from the content stream (not a box drawn over text), blanks the pixels of images under the
 * boxes, and drops line art the boxes cover. Pages without a text layer are OCRed (Tesseract word
 * boxes) so scanned PII is found too; its image pixels are blanked the same way. Layers are made
 * visible first, so text in hidden layers is searched as well. Then the document is scrubbed and
 * saved whole with unused objects collected, so no earlier revision or orphaned stream survives.
 */
import { writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { loadMupdf, openPdf } from '../../engines/mupdf';
import { mapConcurrently, ocrDpi, ocrPageWords } from '../../engines/tesseract';
import { engineTimeout, invalidParameters } from '../../http/errors';
import {
  type Detection,
  type DetectorId,
  findLiteralTerms,
  findPatterns,
  findTerms,
  PatternTimeoutError,
  runDetectors,
  type UserTerms,
} from '../../redaction';
import { drawBoxes } from './draw-boxes';
import {
  type PositionedText,
  type Rect,
  spanRects,
  textFromOcrWords,
  textFromStructuredText,
} from './page-text';
import { scrubDocument, scrubPageAnnotations } from './scrub-document';

export interface RedactPdfOptions {
  detectors: readonly DetectorId[];
  /** The user's RedactionTerms: literals, and /patterns/ run in a worker with a time limit. */
  terms: UserTerms;
  color: readonly [number, number, number];
  /** Tesseract models for scanned pages. */
  ocrModels: readonly string[];
  workDir: string;
  signal: AbortSignal;
  /** Epoch milliseconds after which the job has timed out. */
  deadlineAt: number;
}

export interface RedactionSummary {
  pages: number;
  /** Pages read by OCR because they had no text layer. */
  ocrPages: number;
  /** Boxes applied, and how many detections each detector made. */
  boxes: number;
  detections: Partial<Record<DetectorId | 'term', number>>;
}

/** Slight inset so a box on one glyph does not reach into its neighbours' glyph boxes. */
const INSET = 0.2;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function redactPdf(
  input: string,
  output: string,
  options: RedactPdfOptions,
): Promise<RedactionSummary> {
  const mupdf = await loadMupdf();
  const doc = await openPdf(input);
  const detect = (text: string): Detection[] => [
    ...runDetectors(text, options.detectors),
    ...findLiteralTerms(text, options.terms),
  ];
  const checkTime = (): void => {
    if (options.signal.aborted) throw options.signal.reason ?? engineTimeout();
    if (Date.now() > options.deadlineAt) throw engineTimeout();
  };
  const summary: RedactionSummary = { pages: doc.countPages(), ocrPages: 0, boxes: 0, detections: {} };
  try {
    for (let i = 0; i < doc.countLayers(); i++) doc.setLayerVisible(i, true);
    const texts: PositionedText[] = [];
    const scanned: number[] = [];
    for (let index = 0; index < summary.pages; index++) {
      checkTime();
      const page = doc.loadPage(index);
      const stext = page.toStructuredText('preserve-whitespace');
      texts[index] = textFromStructuredText(stext);
      stext.destroy();
      page.destroy();
      if (texts[index]?.text.trim() === '') scanned.push(index);
      await yieldToEventLoop();
    }
    summary.ocrPages = scanned.length;
    await mapConcurrently(scanned, 2, async (index) => {
      texts[index] = await readScannedPage(doc, input, index, options);
    });
    const patternHits = await findUserPatterns(texts, options);
    const detections = texts.map((positioned, index) => [
      ...detect(positioned.text),
      ...(patternHits[index] ?? []),
    ]);
    // A name found once by its label ('Patient: Ann Lee') is redacted wherever else it appears, unlabelled.
    const names = new Set<string>();
    texts.forEach((positioned, index) => {
      for (const d of detections[index] ?? []) {
        if (d.detector === 'personName')
          names.add(positioned.text.slice(d.start, d.end).replace(/\s+/g, ' '));
      }
    });
    const pageBoxes = texts.map((positioned, index) =>
      boxesFor(
        positioned,
        [...(detections[index] ?? []), ...findTerms(positioned.text, [...names])],
        summary,
      ),
    );
    const isSensitive = (text: string): boolean =>
      detect(text).length > 0 || findTerms(text, [...names]).length > 0;
    for (let index = 0; index < summary.pages; index++) {
      checkTime();
      const boxes = pageBoxes[index] ?? [];
      const page = doc.loadPage(index);
      applyBoxes(mupdf, page, boxes, options.color);
      scrubPageAnnotations(mupdf, page, boxes, isSensitive);
      page.destroy();
      await yieldToEventLoop();
    }
    scrubDocument(doc, (title) => maskSpans(title, [...detect(title), ...findTerms(title, [...names])]));
    checkTime();
    const saved = doc.saveToBuffer('garbage=deduplicate,compress=yes');
    try {
      await writeFile(output, Buffer.from(saved.asUint8Array()));
    } finally {
      saved.destroy();
    }
    return summary;
  } finally {
    doc.destroy();
  }
}

/** Patterns get at most 10 s (and never past the deadline) for the whole document. */
async function findUserPatterns(
  texts: readonly PositionedText[],
  options: RedactPdfOptions,
): Promise<Detection[][]> {
  try {
    const budget = Math.max(500, Math.min(10_000, options.deadlineAt - Date.now()));
    return await findPatterns(
      texts.map((positioned) => positioned.text),
      options.terms.patterns,
      budget,
    );
  } catch (error) {
    if (!(error instanceof PatternTimeoutError)) throw error;
    throw invalidParameters({
      RedactionTerms: [`${error.message} Simplify the pattern or use plain words.`],
    });
  }
}

function boxesFor(
  positioned: PositionedText,
  detections: readonly Detection[],
  summary: RedactionSummary,
): Rect[] {
  const boxes: Rect[] = [];
  for (const detection of detections) {
    const rects = spanRects(positioned, detection.start, detection.end);
    if (rects.length === 0) continue;
    summary.detections[detection.detector] = (summary.detections[detection.detector] ?? 0) + 1;
    boxes.push(...rects);
    summary.boxes += rects.length;
  }
  return boxes;
}

/** OCR words of a page without a text layer, moved into MuPDF's page space. */
async function readScannedPage(
  doc: Mupdf.PDFDocument,
  input: string,
  index: number,
  options: RedactPdfOptions,
): Promise<PositionedText> {
  const page = doc.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  page.destroy();
  const words = await ocrPageWords(input, index + 1, ocrDpi(x1 - x0, y1 - y0), {
    models: options.ocrModels,
    workDir: options.workDir,
    timeoutMs: Math.max(1000, options.deadlineAt - Date.now()),
    signal: options.signal,
  });
  // Tesseract measures from the rendered page's top-left corner; MuPDF's page space may not start at 0,0.
  return textFromOcrWords(
    words.map((word) => ({
      ...word,
      box: [word.box[0] + x0, word.box[1] + y0, word.box[2] + x0, word.box[3] + y0] as Rect,
    })),
  );
}

function applyBoxes(
  mupdf: typeof Mupdf,
  page: Mupdf.PDFPage,
  boxes: readonly Rect[],
  color: readonly [number, number, number],
): void {
  if (boxes.length === 0) return;
  for (const [x0, y0, x1, y1] of boxes) {
    const annotation = page.createAnnotation('Redact');
    const inset = Math.min(INSET, (x1 - x0) / 4);
    annotation.setRect([x0 + inset, y0, x1 - inset, y1]);
  }
  page.applyRedactions(
    false,
    mupdf.PDFPage.REDACT_IMAGE_PIXELS,
    mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED,
    mupdf.PDFPage.REDACT_TEXT_REMOVE,
  );
  drawBoxes(mupdf, page, boxes, color);
}

/** Outline titles are plain strings: the sensitive parts become '█' of the same length. */
function maskSpans(text: string, detections: readonly Detection[]): string {
  const chars = [...text];
  for (const { start, end } of detections)
    for (let i = start; i < end && i < chars.length; i++) chars[i] = '█';
  return chars.join('');
}
