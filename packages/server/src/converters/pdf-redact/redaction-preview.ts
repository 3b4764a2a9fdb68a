/**
 * The redaction dry run: the same finding as pdf/to/redact (planRedaction: text layer, OCR of scanned
 * pages, the preset's detectors, the user's terms, names found once redacted everywhere), answered as
 * the boxes per page without producing a file. The answer names each box's kind, never the text
 * under it: the user sees the text on their own page, and the answer stays free of document data.
 */
import { inspectPdf } from '../../engines/pdf-inspect';
import { tesseractModel } from '../../engines/tesseract';
import type { ConverterInputFile } from '../converter.types';
import { type PlannedBox, planRedaction } from './redact-document';
import { presetDetectors, type RedactOptions } from './redact-parameters';

export interface PreviewBox {
  /** Points from the page's top-left corner as the reader sees it (after /Rotate). */
  X: number;
  Y: number;
  Width: number;
  Height: number;
  /** The detector that found it ('email', 'ssn', 'personName' …) or 'term' (RedactionTerms, repeats). */
  Kind: string;
}

export interface PreviewPage {
  /** 1-based. */
  Page: number;
  /** The page's size in points as the reader sees it. */
  Width: number;
  Height: number;
  Boxes: PreviewBox[];
}

export interface RedactionPreview {
  Pages: PreviewPage[];
  /** Boxes on all pages. */
  Boxes: number;
  /** 1-based pages without a text layer, read by OCR. */
  OcrPages: number[];
}

export interface PreviewRequest {
  file: ConverterInputFile;
  params: RedactOptions;
  workDir: string;
  signal: AbortSignal;
  deadlineAt: number;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * The boxes of one page relative to its bounds. The redaction reads each page twice (as MuPDF spaces
 * the text and without its added gaps), so a box can come twice: it is answered once, with the kind
 * found first (a detector before a repeat of its find).
 */
function pageBoxes(matches: readonly PlannedBox[], [x0, y0]: readonly number[]): PreviewBox[] {
  const seen = new Set<string>();
  const boxes: PreviewBox[] = [];
  for (const { rect, kind } of matches) {
    const box = {
      X: round(rect[0] - (x0 ?? 0)),
      Y: round(rect[1] - (y0 ?? 0)),
      Width: round(rect[2] - rect[0]),
      Height: round(rect[3] - rect[1]),
      Kind: kind,
    };
    const key = `${box.X},${box.Y},${box.Width},${box.Height}`;
    if (seen.has(key)) continue;
    seen.add(key);
    boxes.push(box);
  }
  return boxes;
}

export async function previewRedaction(request: PreviewRequest): Promise<RedactionPreview> {
  const { file, params } = request;
  // The same checks as the conversion: damaged and password-protected files answer as they would there.
  await inspectPdf(file.path, { signal: request.signal });
  const plan = await planRedaction(file.path, {
    detectors: presetDetectors(params.preset),
    terms: params.terms,
    ocrModels: [tesseractModel(params.ocrLanguage)],
    workDir: request.workDir,
    signal: request.signal,
    deadlineAt: request.deadlineAt,
  });
  const pages = plan.pageMatches.map((matches, index): PreviewPage => {
    const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = plan.bounds[index] ?? [];
    return {
      Page: index + 1,
      Width: round(x1 - x0),
      Height: round(y1 - y0),
      Boxes: pageBoxes(matches, [x0, y0]),
    };
  });
  const boxes = pages.reduce((sum, page) => sum + page.Boxes.length, 0);
  return { Pages: pages, Boxes: boxes, OcrPages: plan.scanned.map((index) => index + 1) };
}
