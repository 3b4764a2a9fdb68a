/**
 * True redaction with MuPDF: detected text becomes Redact annotations, and applying them removes the
 * glyphs from the content stream (not a box drawn over text), blanks the pixels of images under the
 * boxes, and drops line art the boxes cover. Pages without a text layer are OCRed (Tesseract word
 * boxes) so scanned PII is found too; its image pixels are blanked the same way. Layers are made
 * visible first, so text in hidden layers is searched as well. Then the document is scrubbed and
 * saved whole with unused objects collected, so no earlier revision or orphaned stream survives.
 * MuPDF's part (reading positioned text, applying the plan) runs in the MuPDF worker pool
 * (redaction-mupdf.ts); detection, OCR and user patterns run here.
 */
import { runMupdfTask } from '../../engines/mupdf-worker';
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
import { type PositionedText, type Rect, spanRects, textFromOcrWords } from './page-text';

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

export async function redactPdf(
  input: string,
  output: string,
  options: RedactPdfOptions,
): Promise<RedactionSummary> {
  const detect = (text: string): Detection[] => [
    ...runDetectors(text, options.detectors),
    ...findLiteralTerms(text, options.terms),
  ];
  const checkTime = (): void => {
    if (options.signal.aborted) throw options.signal.reason ?? engineTimeout();
    if (Date.now() > options.deadlineAt) throw engineTimeout();
  };
  // MuPDF reads and later rewrites the file in the worker pool; the job's signal terminates it there
  const { texts, bounds } = await runMupdfTask(
    { kind: 'redaction-texts', path: input },
    options.signal,
    options.deadlineAt,
  );
  const summary: RedactionSummary = { pages: texts.length, ocrPages: 0, boxes: 0, detections: {} };
  const scanned = texts.flatMap((positioned, index) => (positioned.text.trim() === '' ? [index] : []));
  summary.ocrPages = scanned.length;
  checkTime();
  await mapConcurrently(scanned, 2, async (index) => {
    texts[index] = await readScannedPage(bounds[index] ?? [0, 0, 612, 792], input, index, options);
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
      if (d.detector === 'personName') names.add(positioned.text.slice(d.start, d.end).replace(/\s+/g, ' '));
    }
  });
  const pageBoxes = texts.map((positioned, index) =>
    boxesFor(positioned, [...(detections[index] ?? []), ...findTerms(positioned.text, [...names])], summary),
  );
  checkTime();
  await runMupdfTask(
    {
      kind: 'apply-redactions',
      path: input,
      output,
      plan: {
        pageBoxes,
        color: options.color,
        detectors: options.detectors,
        terms: options.terms,
        names: [...names],
      },
    },
    options.signal,
    options.deadlineAt,
  );
  return summary;
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
  [x0, y0, x1, y1]: Rect,
  input: string,
  index: number,
  options: RedactPdfOptions,
): Promise<PositionedText> {
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
