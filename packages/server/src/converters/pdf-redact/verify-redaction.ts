/**
 * The redaction checks its own output with engines other than MuPDF, which applied it (poppler for
 * text and positions, qpdf for the file's bytes), page by page:
 *
 * 1. no removed string (its characters in order, white space ignored) in the page's text, including
 *    text outside the visible page (both files are read with every page box widened by MARGIN, since
 *    poppler drops glyphs outside the page);
 * 2. no word left under a redaction box;
 * 3. no word outside the visible page that the original did not have there;
 * 4. every word of the original that no box touches still there, same text, same place;
 * 5. no removed string anywhere in the file's strings or text streams (content streams of pages,
 *    forms, patterns, annotation appearances, ActualText, Alt, TU, bookmarks, metadata);
 * 6. a single revision (the file is rewritten whole).
 *
 * A page that fails any check is listed; the caller rasterises it.
 */
import { join } from 'node:path';
import type { Rect } from '../../engines/mupdf-redaction/page-text';
import { runMupdfTask } from '../../engines/mupdf-worker';
import { readFileTexts, squeeze } from './pdf-strings';
import { type PopplerPage, type PopplerWord, readPopplerWords } from './poppler-words';

/** How far every page box is widened for reading: text moved off the page still lands inside. */
export const MARGIN = 100_000;
/** Points a kept word may move (rounding of the rewritten content stream). */
const TOLERANCE = 1.5;

export interface VerifyInput {
  original: string;
  redacted: string;
  /** Per page, MuPDF page space. */
  pageBoxes: readonly Rect[][];
  /** Per page: the strings that were found and must be gone. */
  removed: readonly (readonly string[])[];
  /** Pages already rasterised: their text is OCR of the burnt picture, not comparable word for word. */
  rasterised?: ReadonlySet<number>;
  workDir: string;
  signal: AbortSignal;
  deadlineAt: number;
}

export interface PageFinding {
  /** 0-based page index. */
  index: number;
  reason: string;
}

export interface Verdict {
  findings: PageFinding[];
  /** Problems no page owns (an older revision kept). */
  fileFindings: string[];
}

/** Back from the widened page to the visible page's coordinates. */
const unwiden = (page: PopplerPage): PopplerPage => ({
  width: page.width - 2 * MARGIN,
  height: page.height - 2 * MARGIN,
  words: page.words.map(({ text, box }) => ({
    text,
    box: [box[0] - MARGIN, box[1] - MARGIN, box[2] - MARGIN, box[3] - MARGIN],
  })),
});

const area = (r: Rect): number => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);
function overlapShare(word: Rect, box: Rect): number {
  const inter: Rect = [
    Math.max(word[0], box[0]),
    Math.max(word[1], box[1]),
    Math.min(word[2], box[2]),
    Math.min(word[3], box[3]),
  ];
  return area(word) > 0 ? area(inter) / area(word) : 0;
}
const touches = (word: Rect, boxes: readonly Rect[]): boolean =>
  boxes.some((b) => overlapShare(word, [b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1]) > 0);
const near = (a: Rect, b: Rect): boolean => a.every((value, k) => Math.abs(value - (b[k] ?? 0)) <= TOLERANCE);

export async function verifyRedaction(input: VerifyInput): Promise<Verdict> {
  const limits = { timeoutMs: Math.max(1000, input.deadlineAt - Date.now()), signal: input.signal };
  const widened = async (path: string, name: string, asReference: boolean): Promise<PopplerPage[]> => {
    const output = join(input.workDir, name);
    await runMupdfTask(
      { kind: 'widen-page-boxes', path, output, margin: MARGIN, asReference },
      input.signal,
      input.deadlineAt,
    );
    return (await readPopplerWords(output, limits)).map(unwiden);
  };
  const [before, after, texts] = await Promise.all([
    // The original is read as the redacted file should read where nothing was removed (no
    // annotations, no replacement texts: redaction drops both).
    widened(input.original, 'verify-original.pdf', true),
    widened(input.redacted, 'verify-redacted.pdf', false),
    readFileTexts(input.redacted, input.workDir, limits),
  ]);

  const findings: PageFinding[] = [];
  const fail = (index: number, reason: string): void => {
    if (!findings.some((f) => f.index === index)) findings.push({ index, reason });
  };
  const pages = Math.max(after.length, input.pageBoxes.length);
  for (let index = 0; index < pages; index++) {
    const boxes = input.pageBoxes[index] ?? [];
    const removed = (input.removed[index] ?? []).map(squeeze).filter((s) => s.length >= 2);
    const page = after[index];
    const words = page?.words ?? [];
    const pageText = squeeze(words.map((w) => w.text).join(''));
    const leaked = removed.find((s) => pageText.includes(s));
    if (leaked !== undefined) fail(index, 'removed text still readable on the page');
    // On a rasterised page the words are OCR of the burnt picture; a box itself may read as a glyph.
    const burnt = input.rasterised?.has(index) ?? false;
    if (!burnt && words.some((w) => boxes.some((b) => overlapShare(w.box, b) > 0.3)))
      fail(index, 'text left under a redaction box');
    const original = before[index]?.words ?? [];
    const width = page?.width ?? 0;
    const height = page?.height ?? 0;
    const offPage = (w: PopplerWord): boolean =>
      w.box[2] < 0 || w.box[3] < 0 || w.box[0] > width || w.box[1] > height;
    const originalOffPage = original.filter(offPage);
    if (
      words.some((w) => offPage(w) && !originalOffPage.some((o) => o.text === w.text && near(o.box, w.box)))
    )
      fail(index, 'text moved outside the visible page');
    if (burnt) continue;
    const kept = original.filter((w) => !offPage(w) && !touches(w.box, boxes));
    const missing = kept.find((o) => !words.some((w) => w.text === o.text && near(o.box, w.box)));
    if (missing) fail(index, 'text that was not redacted moved or vanished');
  }
  input.removed.forEach((strings, index) => {
    for (const s of strings.map(squeeze).filter((value) => value.length >= 4)) {
      if (texts.strings.includes(s) || texts.raw.includes(s)) fail(index, 'removed text still in the file');
    }
  });
  const fileFindings = texts.revisions > 1 ? ['the file keeps an earlier revision'] : [];
  return { findings: findings.sort((a, b) => a.index - b.index), fileFindings };
}
