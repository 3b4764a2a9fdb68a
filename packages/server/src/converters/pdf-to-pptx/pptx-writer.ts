/**
 * One slide per page at the page's aspect ratio: text as editable text boxes where it sat on the page
 * (font, size, weight, slant, colour), tables as PowerPoint tables, pictures as pictures, and the page's
 * other vector art (shapes, charts drawn as paths) as one transparent picture behind them all. A
 * scanned page is its picture, with the OCR text in the slide's notes.
 * A deck has one slide size, so pages of other sizes are scaled to fit the first page's size.
 */
import PptxGenJS from 'pptxgenjs';
import { type FlowItem, type PageWithFlow, tableToGrid } from '../../engines/pdf-structure';

const inches = (pt: number): number => pt / 72;

type Slide = ReturnType<PptxGenJS['addSlide']>;

function addParagraph(slide: Slide, item: Extract<FlowItem, { kind: 'paragraph' }>, scale: number): void {
  const runs: PptxGenJS.TextProps[] = [];
  item.lines.forEach((line, i) => {
    line.spans.forEach((span, s) => {
      const last = s === line.spans.length - 1;
      runs.push({
        text: last || span.text.endsWith(' ') ? span.text : `${span.text} `,
        options: {
          fontFace: span.font,
          fontSize: Math.max(1, Math.round(span.size * scale * 2) / 2),
          bold: span.bold,
          italic: span.italic,
          color: span.color,
          breakLine: last && i < item.lines.length - 1,
        },
      });
    });
  });
  const [x0, y0, x1, y1] = item.box;
  const size = Math.max(...item.lines.map((l) => l.size));
  slide.addText(runs, {
    x: inches(x0 * scale),
    y: inches(y0 * scale),
    // a little wider than the PDF's box: substitute fonts run slightly wider and would wrap early
    w: inches((x1 - x0) * scale * 1.06 + size * 0.5),
    h: inches((y1 - y0) * scale + size * 0.3),
    margin: 0,
    valign: 'top',
    fit: 'none',
    lineSpacing: item.lines.length > 1 ? ((y1 - y0) / item.lines.length) * scale : undefined,
  });
}

function addTable(slide: Slide, item: Extract<FlowItem, { kind: 'table' }>, scale: number): void {
  const { table } = item;
  const grid = tableToGrid(table);
  const covered = new Set<string>();
  for (const c of table.cells)
    for (let r = c.row; r < c.row + c.rowSpan; r++)
      for (let k = c.col; k < c.col + c.colSpan; k++)
        if (r !== c.row || k !== c.col) covered.add(`${r},${k}`);
  const rows: PptxGenJS.TableRow[] = grid.map((row, r) =>
    row.flatMap((text, c) => {
      if (covered.has(`${r},${c}`)) return [];
      const cell = table.cells.find((x) => x.row === r && x.col === c);
      return [{ text, options: { colspan: cell?.colSpan, rowspan: cell?.rowSpan } }];
    }),
  );
  const colW = table.xs.slice(1).map((x, i) => inches((x - (table.xs[i] ?? 0)) * scale));
  const rowH = table.ys.slice(1).map((y, i) => inches((y - (table.ys[i] ?? 0)) * scale));
  slide.addTable(rows, {
    x: inches(table.box[0] * scale),
    y: inches(table.box[1] * scale),
    colW,
    rowH,
    fontSize: Math.max(6, Math.min(12, (rowH[rowH.length - 1] ?? 0.2) * 72 * 0.6)),
    margin: 0.02,
    border: table.kind === 'ruled' ? { type: 'solid', pt: 0.75, color: '000000' } : { type: 'none' },
  });
}

/** A paragraph's or table's text: lines, and a table's rows with its cells separated by tabs. */
function flowText(item: Exclude<FlowItem, { kind: 'image' }>): string {
  if (item.kind === 'paragraph') return item.lines.map((line) => line.text).join('\n');
  return tableToGrid(item.table)
    .map((row) => row.join('\t'))
    .join('\n');
}

export async function writePptx(pages: PageWithFlow[], title: string): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const first = pages[0];
  const width = first?.width ?? 612;
  const height = first?.height ?? 792;
  pptx.defineLayout({ name: 'PDF', width: inches(width), height: inches(height) });
  pptx.layout = 'PDF';
  pptx.title = title;
  for (const page of pages) {
    const slide = pptx.addSlide();
    const scale = Math.min(width / page.width, height / page.height);
    // first, so it sits behind the text boxes, tables and pictures
    if (page.art)
      slide.addImage({
        data: `image/png;base64,${page.art.png.toString('base64')}`,
        x: 0,
        y: 0,
        w: inches(page.width * scale),
        h: inches(page.height * scale),
        altText: 'Shapes and charts of the PDF page',
      });
    // a scan shows as its picture; text boxes on it would show every word twice, so its OCR text
    // goes to the slide's notes (searchable, copyable) instead
    const notes: string[] = [];
    for (const item of page.flow) {
      if (page.ocr && item.kind !== 'image') notes.push(flowText(item));
      else if (item.kind === 'paragraph') addParagraph(slide, item, scale);
      else if (item.kind === 'table') addTable(slide, item, scale);
      else {
        const [x0, y0, x1, y1] = item.image.box;
        slide.addImage({
          // pptxgenjs names the media part by this type: a JPEG stays image-….jpeg
          data: `image/${item.image.format === 'jpg' ? 'jpeg' : 'png'};base64,${item.image.data.toString('base64')}`,
          x: inches(x0 * scale),
          y: inches(y0 * scale),
          w: inches((x1 - x0) * scale),
          h: inches((y1 - y0) * scale),
        });
      }
    }
    if (notes.length > 0) slide.addNotes(notes.join('\n\n'));
  }
  const out = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.isBuffer(out) ? out : Buffer.from(out as Uint8Array);
}
