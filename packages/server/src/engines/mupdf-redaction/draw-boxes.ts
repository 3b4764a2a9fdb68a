/**
 * Paints the redaction boxes in the chosen colour. MuPDF's own boxes are always black, so its
 * applyRedactions runs without them and the boxes are appended here as a last content stream, after
 * a q/Q pair around the page's own content so no graphics state leaks into them.
 */
import type * as Mupdf from 'mupdf';
import type { Rect } from './page-text';

const num = (value: number): string => (Math.round(value * 1000) / 1000).toString();

export function drawBoxes(
  mupdf: typeof Mupdf,
  page: Mupdf.PDFPage,
  boxes: readonly Rect[],
  color: readonly [number, number, number],
): void {
  if (boxes.length === 0) return;
  const doc = page._doc;
  const toUser = mupdf.Matrix.invert(page.getTransform());
  const ops = [`Q q ${color.map(num).join(' ')} rg`];
  for (const box of boxes) {
    const [x0, y0, x1, y1] = mupdf.Rect.transform(box, toUser);
    ops.push(`${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y1 - y0)} re f`);
  }
  ops.push('Q');
  const pageObject = page.getObject();
  const existing = pageObject.get('Contents');
  const contents = doc.newArray();
  contents.push(doc.addStream('q\n', {}));
  if (existing.isArray()) for (let i = 0; i < existing.length; i++) contents.push(existing.get(i));
  else if (!existing.isNull()) contents.push(existing);
  contents.push(doc.addStream(`\n${ops.join('\n')}\n`, {}));
  pageObject.put('Contents', contents);
}
