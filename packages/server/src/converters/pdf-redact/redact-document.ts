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
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { conversionFailed, engineTimeout, invalidParameters } from '../../contract/errors';
import {
  type PositionedText,
  type Rect,
  spanRects,
  textFromOcrWords,
} from '../../engines/mupdf-redaction/page-text';
import { runMupdfTask } from '../../engines/mupdf-worker';
import { mapConcurrently, ocrDpi, ocrPageWords } from '../../engines/tesseract';
import { timeLeftMs } from '../../engines/time-left';
import {
  type Detection,
  type DetectorId,
  findLiteralTerms,
  findLooselyLabelledNumbers,
  findPatterns,
  findTerms,
  findWholeWords,
  PatternTimeoutError,
  runDetectors,
  type UserTerms,
} from '../../redaction';
import { makeSearchablePdfByPages } from '../pdf-ocr/searchable-pdf';
import { verifyRedaction } from './verify-redaction';

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
  /** 1-based pages that failed verification and were replaced by burnt pictures with an OCR layer. */
  rasterisedPages: number[];
}

export async function redactPdf(
  input: string,
  output: string,
  options: RedactPdfOptions,
): Promise<RedactionSummary> {
  const checkTime = (): void => {
    if (options.signal.aborted) throw options.signal.reason ?? engineTimeout();
    if (Date.now() > options.deadlineAt) throw engineTimeout();
  };
  const plan = await planRedaction(input, options);
  checkTime();
  const applied = join(options.workDir, 'redact-applied.pdf');
  await runMupdfTask(
    {
      kind: 'apply-redactions',
      path: input,
      output: applied,
      plan: {
        pageBoxes: plan.pageBoxes,
        color: options.color,
        detectors: options.detectors,
        terms: options.terms,
        names: plan.names,
      },
    },
    options.signal,
    options.deadlineAt,
  );
  checkTime();
  const verify = (redacted: string, rasterised?: ReadonlySet<number>) =>
    verifyRedaction({
      original: input,
      redacted,
      pageBoxes: plan.pageBoxes,
      removed: plan.removed,
      rasterised,
      workDir: options.workDir,
      signal: options.signal,
      deadlineAt: options.deadlineAt,
    });
  const first = await verify(applied);
  if (first.fileFindings.length > 0) throw unverifiable(first.fileFindings.join('; '));
  const failing = first.findings.map((finding) => finding.index);

  plan.summary.rasterisedPages = failing.map((index) => index + 1);
  if (failing.length === 0) {
    await rename(applied, output);
    return plan.summary;
  }
  checkTime();
  const rasterised = join(options.workDir, 'redact-rasterised.pdf');
  await runMupdfTask(
    {
      kind: 'rasterise-pages',
      original: input,
      redacted: applied,
      output: rasterised,
      plan: {
        pages: failing.map((index) => ({ index, boxes: plan.pageBoxes[index] ?? [] })),
        color: options.color,
        dpi: RASTER_DPI,
      },
    },
    options.signal,
    options.deadlineAt,
  );
  // The pictures get an invisible OCR layer of the words they still show, so the page stays searchable.
  await makeSearchablePdfByPages(rasterised, output, {
    models: options.ocrModels,
    jobs: 2,
    workDir: options.workDir,
    signal: options.signal,
    deadlineAt: options.deadlineAt,
    onlyPages: failing,
  });
  const second = await verify(output, new Set(failing));
  const left = [...second.fileFindings, ...second.findings.map((f) => `page ${f.index + 1}: ${f.reason}`)];
  if (left.length > 0) throw unverifiable(left.join('; '));
  return plan.summary;
}

/** Pictures that replace pages whose redaction could not be verified. */
const RASTER_DPI = 300;

/** Nothing is handed out that the verification could not clear, not even after rasterising. */
const unverifiable = (detail: string): Error =>
  conversionFailed(`Redaction could not be verified, so no file was produced (${detail}).`);

/** What finding the boxes takes: everything of a redaction but the colour they are painted in. */
export type PlanOptions = Omit<RedactPdfOptions, 'color'>;

/** One box the redaction will draw, and what kind of data it covers (a detector, or the user's terms). */
export interface PlannedBox {
  rect: Rect;
  kind: DetectorId | 'term';
}

export interface RedactionPlanned {
  pageBoxes: Rect[][];
  /** The same boxes as pageBoxes, each with its kind (the dry run answers these). */
  pageMatches: PlannedBox[][];
  /** Per page: its bounds in MuPDF's page space (the boxes' space: top-left origin, /Rotate applied). */
  bounds: Rect[];
  /** 0-based pages without a text layer, read by OCR. */
  scanned: number[];
  /** Per page: every string found, which the verification must not find again. */
  removed: string[][];
  names: string[];
  summary: RedactionSummary;
}

/**
 * Reads every page (the text layer twice: as MuPDF spaces it and without the spaces it adds for gaps,
 * so letter-spaced text is found too; OCR words for pages without text) and turns what the detectors
 * and the user's terms find into boxes.
 */
export async function planRedaction(input: string, options: PlanOptions): Promise<RedactionPlanned> {
  const { texts, compactTexts, bounds } = await runMupdfTask(
    { kind: 'redaction-texts', path: input },
    options.signal,
    options.deadlineAt,
  );
  const summary: RedactionSummary = {
    pages: texts.length,
    ocrPages: 0,
    boxes: 0,
    detections: {},
    rasterisedPages: [],
  };
  const scanned = texts.flatMap((positioned, index) => (positioned.text.trim() === '' ? [index] : []));
  summary.ocrPages = scanned.length;
  const views: PositionedText[][] = texts.map((positioned, index) => [
    positioned,
    compactTexts[index] ?? positioned,
  ]);
  await mapConcurrently(scanned, 2, async (index) => {
    views[index] = [await readScannedPage(bounds[index] ?? [0, 0, 612, 792], input, index, options)];
  });
  const flat = views.flat();
  const patternHits = await findUserPatterns(flat, options);
  let at = 0;
  const ocrPages = new Set(scanned);
  const detections = views.map((pageViews, page) =>
    pageViews.map((positioned) => [
      ...runDetectors(positioned.text, options.detectors),
      ...(ocrPages.has(page) ? findLooselyLabelledNumbers(positioned.text, options.detectors) : []),
      ...findLiteralTerms(positioned.text, options.terms),
      ...(patternHits[at++] ?? []),
    ]),
  );
  // A name found once by its label ('Patient: Ann Lee') is redacted wherever else it appears, unlabelled.
  const names = new Set<string>();
  views.forEach((pageViews, page) => {
    pageViews.forEach((positioned, view) => {
      for (const d of detections[page]?.[view] ?? []) {
        if (d.detector === 'personName')
          names.add(positioned.text.slice(d.start, d.end).replace(/\s+/g, ' '));
      }
    });
  });
  // What was found on one page is removed wherever it appears: running headers and footers, or a value
  // whose label OCR could not read on that page. Names also in 'Last, First' order and by surname.
  const everywhere = [...names].flatMap(nameForms);
  const foundStrings = new Set<string>();
  views.forEach((pageViews, page) => {
    pageViews.forEach((positioned, view) => {
      for (const d of detections[page]?.[view] ?? []) {
        const value = positioned.text.slice(d.start, d.end).replace(/\s+/g, ' ').trim();
        if (value.replace(/\s/g, '').length >= 5) foundStrings.add(value);
      }
    });
  });
  const removed: string[][] = [];
  const pageMatches = views.map((pageViews, page) => {
    const strings = new Set<string>();
    const boxes = pageViews.flatMap((positioned, view) => {
      const found = [
        ...(detections[page]?.[view] ?? []),
        ...findTerms(positioned.text, [...foundStrings]),
        ...findWholeWords(positioned.text, everywhere),
      ];
      for (const d of found) strings.add(positioned.text.slice(d.start, d.end));
      return boxesFor(positioned, found, summary);
    });
    removed.push([...strings, ...names]);
    return boxes;
  });
  const pageBoxes = pageMatches.map((boxes) => boxes.map((box) => box.rect));
  return { pageBoxes, pageMatches, bounds, scanned, removed, names: [...names], summary };
}

/** 'Maria Lopez' → itself, 'Lopez, Maria' and 'Lopez' (a surname of at least three letters). */
function nameForms(name: string): string[] {
  const parts = name.split(' ').filter((part) => !/^\p{Lu}\.?$/u.test(part)); // initials alone say little
  const last = parts[parts.length - 1];
  if (parts.length < 2 || !last) return [name];
  const forms = [name, `${last}, ${parts.slice(0, -1).join(' ')}`];
  if (last.length >= 3) forms.push(last);
  return forms;
}

/** Patterns get at most 10 s (and never past the deadline) for the whole document. */
async function findUserPatterns(
  texts: readonly PositionedText[],
  options: PlanOptions,
): Promise<Detection[][]> {
  try {
    const timeoutMs = Math.min(10_000, timeLeftMs(options.deadlineAt, 500));
    return await findPatterns(
      texts.map((positioned) => positioned.text),
      options.terms.patterns,
      timeoutMs,
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
): PlannedBox[] {
  const boxes: PlannedBox[] = [];
  for (const detection of detections) {
    const rects = spanRects(positioned, detection.start, detection.end);
    if (rects.length === 0) continue;
    summary.detections[detection.detector] = (summary.detections[detection.detector] ?? 0) + 1;
    boxes.push(...rects.map((rect) => ({ rect, kind: detection.detector })));
    summary.boxes += rects.length;
  }
  return boxes;
}

/** OCR words of a page without a text layer, moved into MuPDF's page space. */
async function readScannedPage(
  [x0, y0, x1, y1]: Rect,
  input: string,
  index: number,
  options: PlanOptions,
): Promise<PositionedText> {
  const words = await ocrPageWords(input, index + 1, ocrDpi(x1 - x0, y1 - y0), {
    models: options.ocrModels,
    workDir: options.workDir,
    timeoutMs: timeLeftMs(options.deadlineAt, 1000),
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
