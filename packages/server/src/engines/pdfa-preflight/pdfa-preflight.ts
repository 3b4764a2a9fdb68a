/**
 * What the input needs before Ghostscript makes PDF/A of it, so that Ghostscript keeps what PDF/A
 * allows instead of dropping or rasterising it (MuPDF edits qpdf's rewrite in place; pdf/to/pdfa runs
 * it as the worker task `pdfa-preflight`, off the server thread, since it may render page areas):
 * - Link annotations get the Print flag (and lose Hidden/NoView): PDF/A requires it of every
 *   annotation and Ghostscript deletes those without it, which took every internal link away.
 * - For PDF/A-1 (no transparency at all), an annotation whose appearance uses transparency (a text
 *   highlight drawn with blend mode Multiply) is flattened beneath the page's content, opaque: on
 *   paper that looks the same, and Ghostscript no longer renders the whole page as one image, which
 *   threw away its text and fonts. A page whose own content is transparent has just its transparent
 *   areas flattened into pictures and its resources made opaque (`flatten-transparent-content.ts`).
 *   A page's transparency group is dropped when nothing on the page is transparent any more (Word
 *   writes one on every page).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { conversionFailed } from '../../contract/errors';
import { loadMupdf } from '../mupdf';
import { flattenTransparentAreas, makePageOpaque } from './flatten-transparent-content';

type PdfObject = Mupdf.PDFObject;

/** Annotation flags (PDF 32000-1, 12.5.3). */
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;
const INVISIBLE = 1;

export interface PreflightReport {
  linksKept: number;
  annotationsFlattened: number;
  pageGroupsDropped: number;
  /** Areas of page content drawn with transparency, now opaque pictures (PDF/A-1). */
  transparentAreasFlattened: number;
  /** Pages whose content used transparency (their resources are now opaque). */
  transparentPages: number;
}

const numberOr = (object: PdfObject, fallback: number): number =>
  object.isNumber() ? object.asNumber() : fallback;

/** An ExtGState that blends, fades or masks. */
function isTransparentState(state: PdfObject): boolean {
  const blend = state.get('BM');
  const blendName = blend.isArray() ? blend.get(0) : blend;
  if (blendName.isName() && !['Normal', 'Compatible'].includes(blendName.asName())) return true;
  if (numberOr(state.get('CA'), 1) < 1 || numberOr(state.get('ca'), 1) < 1) return true;
  const mask = state.get('SMask');
  return !mask.isNull() && !(mask.isName() && mask.asName() === 'None');
}

/** Whether resources (and the forms they use, two levels deep) draw anything transparent. */
function usesTransparency(resources: PdfObject, depth = 0): boolean {
  if (!resources.isDictionary()) return false;
  let found = false;
  resources.get('ExtGState').forEach((state) => {
    if (isTransparentState(state)) found = true;
  });
  resources.get('XObject').forEach((xobject) => {
    if (!xobject.get('SMask').isNull()) found = true;
    if (xobject.get('Subtype').asName() !== 'Form') return;
    // Ghostscript treats a transparency group as transparency, whatever it draws
    if (!xobject.get('Group').isNull()) found = true;
    else if (depth < 2 && usesTransparency(xobject.get('Resources'), depth + 1)) found = true;
  });
  return found;
}

/** The annotation's normal appearance when it is a single form (not a set of states). */
function normalAppearance(annotation: PdfObject): PdfObject | undefined {
  const normal = annotation.get('AP', 'N');
  return normal.isStream() ? normal : undefined;
}

function appearanceIsTransparent(form: PdfObject): boolean {
  return !form.get('Group').isNull() || usesTransparency(form.get('Resources'));
}

/** The appearance made opaque: its group gone, its graphics states neither blending nor fading. */
function makeOpaque(doc: Mupdf.PDFDocument, form: PdfObject): void {
  form.delete('Group');
  form.get('Resources', 'ExtGState').forEach((state) => {
    state.put('BM', doc.newName('Normal'));
    state.put('CA', 1);
    state.put('ca', 1);
    state.delete('SMask');
  });
}

type Box = [number, number, number, number];

const boxOf = (array: PdfObject, fallback: Box): Box =>
  array.isArray() && array.length === 4
    ? ([0, 1, 2, 3].map((index) => numberOr(array.get(index), 0)) as Box)
    : fallback;

/** The matrix that draws the form so its (transformed) BBox fills the annotation's Rect (12.5.5). */
function placement(form: PdfObject, rect: Box): number[] {
  const [bx0, by0, bx1, by1] = boxOf(form.get('BBox'), rect);
  const m = form.get('Matrix');
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m.isArray()
    ? [0, 1, 2, 3, 4, 5].map((i) => numberOr(m.get(i), 0))
    : [];
  const corners = [
    [bx0, by0],
    [bx1, by0],
    [bx0, by1],
    [bx1, by1],
  ].map(([x = 0, y = 0]) => [a * x + c * y + e, b * x + d * y + f] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const sx = x1 > x0 ? (rect[2] - rect[0]) / (x1 - x0) : 1;
  const sy = y1 > y0 ? (rect[3] - rect[1]) / (y1 - y0) : 1;
  return [sx, 0, 0, sy, rect[0] - sx * x0, rect[1] - sy * y0];
}

/** Draws each form beneath the page's own content (a new first content stream). */
function drawBeneath(
  doc: Mupdf.PDFDocument,
  page: PdfObject,
  pageIndex: number,
  forms: Array<{ form: PdfObject; rect: Box }>,
): void {
  if (forms.length === 0) return;
  let resources = page.getInheritable('Resources');
  if (!resources.isDictionary()) resources = doc.newDictionary();
  page.put('Resources', resources);
  if (!resources.get('XObject').isDictionary()) resources.put('XObject', doc.newDictionary());
  const xobjects = resources.get('XObject');
  const operators = forms.map(({ form, rect }, index) => {
    // unique per page: pages may share one inherited resource dictionary
    const name = `DsFlat${pageIndex}_${index}`;
    xobjects.put(name, form);
    const matrix = placement(form, rect)
      .map((value) => Number(value.toFixed(5)))
      .join(' ');
    return `q ${matrix} cm /${name} Do Q`;
  });
  const beneath = doc.addStream(Buffer.from(`${operators.join('\n')}\n`, 'latin1'), doc.newDictionary());
  const contents = page.get('Contents');
  const all = doc.newArray();
  all.push(beneath);
  if (contents.isArray()) {
    contents.forEach((part) => {
      all.push(part);
    });
  } else if (!contents.isNull()) all.push(contents);
  page.put('Contents', all);
}

function preparePage(doc: Mupdf.PDFDocument, pageIndex: number, part: number, report: PreflightReport): void {
  const page = doc.findPage(pageIndex);
  const annotations = page.get('Annots');
  const kept = doc.newArray();
  const flattened: Array<{ form: PdfObject; rect: Box }> = [];
  if (annotations.isArray()) {
    annotations.forEach((annotation) => {
      const subtype = annotation.get('Subtype').asName();
      const form = normalAppearance(annotation);
      if (part === 1 && subtype !== 'Link' && subtype !== 'Popup' && form && appearanceIsTransparent(form)) {
        makeOpaque(doc, form);
        flattened.push({ form, rect: boxOf(annotation.get('Rect'), [0, 0, 0, 0]) });
        return;
      }
      if (subtype === 'Link') {
        annotation.put('F', (numberOr(annotation.get('F'), 0) | PRINT) & ~(HIDDEN | NO_VIEW | INVISIBLE));
        report.linksKept++;
      }
      kept.push(annotation);
    });
    if (flattened.length > 0) page.put('Annots', kept);
  }
  drawBeneath(doc, page, pageIndex, flattened);
  report.annotationsFlattened += flattened.length;
}

/**
 * PDF/A-1: pages drawing transparent content get those areas flattened, all of them before any page's
 * resources are made opaque (pages share graphics states and pictures); then page groups go.
 */
function removeTransparency(mupdf: typeof Mupdf, doc: Mupdf.PDFDocument, report: PreflightReport): void {
  const pages = Array.from({ length: doc.countPages() }, (_, index) => index);
  const transparent = pages.filter((index) =>
    usesTransparency(doc.findPage(index).getInheritable('Resources')),
  );
  for (const index of transparent)
    report.transparentAreasFlattened += flattenTransparentAreas(mupdf, doc, index);
  for (const index of transparent) makePageOpaque(doc, index);
  report.transparentPages = transparent.length;
  for (const index of pages) {
    const page = doc.findPage(index);
    if (!page.get('Group').isNull() && !usesTransparency(page.getInheritable('Resources'))) {
      page.delete('Group');
      report.pageGroupsDropped++;
    }
  }
}

/** Prepares `path` in place for Ghostscript's PDF/A-`part` (see the module comment). */
export async function preparePdfaInput(path: string, part: number): Promise<PreflightReport> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf').asPDF();
  if (!doc) throw conversionFailed('The PDF could not be read for PDF/A.');
  try {
    const report: PreflightReport = {
      linksKept: 0,
      annotationsFlattened: 0,
      pageGroupsDropped: 0,
      transparentAreasFlattened: 0,
      transparentPages: 0,
    };
    for (let index = 0; index < doc.countPages(); index++) preparePage(doc, index, part, report);
    if (part === 1) removeTransparency(mupdf, doc, report);
    if (
      report.linksKept + report.annotationsFlattened + report.pageGroupsDropped + report.transparentPages >
      0
    ) {
      await writeFile(path, doc.saveToBuffer('compress').asUint8Array());
    }
    return report;
  } finally {
    doc.destroy();
  }
}
