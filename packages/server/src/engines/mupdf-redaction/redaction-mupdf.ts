/**
 * The MuPDF half of redaction, synchronous and self-contained so it runs in a MuPDF worker thread:
 * reading every page's positioned text (layers made visible first, so hidden text is searched too), and
 * applying a finished plan (boxes per page, what counts as sensitive) to a freshly opened copy, then
 * scrubbing and saving it whole. Detection, OCR and user patterns stay on the server thread.
 */
import type * as Mupdf from 'mupdf';
import { type DetectorId, findLiteralTerms, findTerms, runDetectors, type UserTerms } from '../../redaction';
import { drawBoxes } from './draw-boxes';
import { normalisePageStreams } from './normalise-page-streams';
import { type PositionedText, type Rect, textFromStructuredText } from './page-text';
import { imageKinds, recompressRedactedImages } from './recompress-images';
import { scrubDocument, scrubPageAnnotations } from './scrub-document';

export interface RedactionTexts {
  /** Per page: the text layer with a box per character ('' for a page without one). */
  texts: PositionedText[];
  /**
   * The same text without the spaces MuPDF adds for gaps between glyphs: letter-spaced text (`Tc`,
   * `Tz`, one glyph per `Td`) reads 'P a t i e n t' in `texts` and 'Patient' here.
   */
  compactTexts: PositionedText[];
  /** Per page: MuPDF's page bounds, to move OCR word boxes into page space. */
  bounds: Rect[];
}

export interface RedactionPlan {
  /** Per page: the rectangles to remove and paint over. */
  pageBoxes: Rect[][];
  color: readonly [number, number, number];
  detectors: readonly DetectorId[];
  terms: UserTerms;
  /** Names found by their label anywhere, redacted wherever else they appear. */
  names: string[];
}

/** Slight inset so a box on one glyph does not reach into its neighbours' glyph boxes. */
const INSET = 0.2;

export function readRedactionTexts(doc: Mupdf.PDFDocument): RedactionTexts {
  for (let i = 0; i < doc.countLayers(); i++) doc.setLayerVisible(i, true);
  const texts: PositionedText[] = [];
  const compactTexts: PositionedText[] = [];
  const bounds: Rect[] = [];
  for (let index = 0; index < doc.countPages(); index++) {
    const page = doc.loadPage(index);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      bounds.push([x0, y0, x1, y1]);
      for (const [options, into] of [
        ['preserve-whitespace', texts],
        ['preserve-whitespace,inhibit-spaces', compactTexts],
      ] as const) {
        const stext = page.toStructuredText(options);
        into.push(textFromStructuredText(stext));
        stext.destroy();
      }
    } finally {
      page.destroy();
    }
  }
  return { texts, compactTexts, bounds };
}

/** Applies the plan to `doc` and returns the saved PDF (garbage-collected, so no old revision survives). */
export function applyRedactionPlan(mupdf: typeof Mupdf, doc: Mupdf.PDFDocument, plan: RedactionPlan): Buffer {
  for (let i = 0; i < doc.countLayers(); i++) doc.setLayerVisible(i, true);
  const isSensitive = (text: string): boolean =>
    runDetectors(text, plan.detectors).length > 0 ||
    findLiteralTerms(text, plan.terms).length > 0 ||
    findTerms(text, plan.names).length > 0;
  const rewrittenStreams = new Set<number>();
  for (let index = 0; index < doc.countPages(); index++) {
    const boxes = plan.pageBoxes[index] ?? [];
    const page = doc.loadPage(index);
    try {
      if (boxes.length > 0) normalisePageStreams(page, rewrittenStreams);
      const images = boxes.length > 0 ? imageKinds(page) : undefined;
      applyBoxes(mupdf, page, boxes, plan.color);
      if (images) recompressRedactedImages(doc, page, images);
      scrubPageAnnotations(mupdf, page, boxes, isSensitive);
    } finally {
      page.destroy();
    }
  }
  scrubDocument(doc, (title) =>
    maskSpans(title, [
      ...runDetectors(title, plan.detectors),
      ...findLiteralTerms(title, plan.terms),
      ...findTerms(title, plan.names),
    ]),
  );
  const saved = doc.saveToBuffer('garbage=deduplicate,compress=yes');
  try {
    return Buffer.from(saved.asUint8Array());
  } finally {
    saved.destroy();
  }
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
function maskSpans(text: string, detections: readonly { start: number; end: number }[]): string {
  const chars = [...text];
  for (const { start, end } of detections)
    for (let i = start; i < end && i < chars.length; i++) chars[i] = '█';
  return chars.join('');
}
