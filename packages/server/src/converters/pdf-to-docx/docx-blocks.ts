/**
 * Word building blocks for one page's flow: paragraphs with the PDF's fonts, sizes, weight, slant and
 * colour; headings by relative size; tables as real Word tables (merged cells kept); pictures inline.
 */
import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  ImageRun,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { FlowItem, PageImage, Table as PdfTable, TextLine } from '../../engines/pdf-structure';

/** Points to twentieths of a point (Word's page and table unit). */
export const twips = (pt: number): number => Math.round(pt * 20);
const pixels = (pt: number): number => Math.max(1, Math.round((pt * 96) / 72));

export interface DocumentFonts {
  /** The most common font size in the document: headings are measured against it. */
  bodySize: number;
}

function headingFor(
  size: number,
  chars: number,
  fonts: DocumentFonts,
): (typeof HeadingLevel)[keyof typeof HeadingLevel] | undefined {
  if (chars > 200 || size < fonts.bodySize * 1.15) return undefined;
  if (size >= fonts.bodySize * 1.6) return HeadingLevel.HEADING_1;
  if (size >= fonts.bodySize * 1.3) return HeadingLevel.HEADING_2;
  return HeadingLevel.HEADING_3;
}

/** A word broken across lines ('adip-' + 'iscing') is joined again, as a reflowing editor needs it. */
const breaksWord = (line: TextLine, next: TextLine | undefined): boolean =>
  next !== undefined && /\p{L}-$/u.test(line.text) && /^\p{Ll}/u.test(next.text);

function runsOf(lines: TextLine[]): TextRun[] {
  const runs: TextRun[] = [];
  lines.forEach((line, i) => {
    const hyphenated = breaksWord(line, lines[i + 1]);
    line.spans.forEach((span, s) => {
      const last = s === line.spans.length - 1;
      const text = last && hyphenated ? span.text.replace(/-$/, '') : span.text;
      runs.push(
        new TextRun({
          text: last && !hyphenated && i < lines.length - 1 ? `${text} ` : text,
          font: span.font,
          size: Math.max(2, Math.round(span.size * 2)),
          bold: span.bold,
          italics: span.italic,
          color: span.color === '000000' ? undefined : span.color,
        }),
      );
    });
  });
  return runs;
}

export function paragraphBlock(
  item: Extract<FlowItem, { kind: 'paragraph' }>,
  fonts: DocumentFonts,
  content: { left: number; right: number },
): Paragraph {
  const chars = item.lines.reduce((n, l) => n + l.text.length, 0);
  const size = Math.max(...item.lines.map((l) => l.size));
  const width = item.box[2] - item.box[0];
  const contentWidth = content.right - content.left;
  const centre = (item.box[0] + item.box[2]) / 2;
  const centred =
    width < contentWidth * 0.7 && Math.abs(centre - (content.left + content.right) / 2) < contentWidth * 0.05;
  const indent = centred ? 0 : Math.max(0, item.box[0] - content.left);
  return new Paragraph({
    heading: headingFor(size, chars, fonts),
    alignment: centred ? AlignmentType.CENTER : undefined,
    indent: indent > 4 && indent < contentWidth * 0.6 ? { left: twips(indent) } : undefined,
    spacing: { before: 0, after: twips(Math.min(12, size * 0.5)) },
    children: runsOf(item.lines),
  });
}

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

export function tableBlock(table: PdfTable, fontSize: number): Table {
  const rows = table.ys.length - 1;
  const widths = table.xs.slice(1).map((x, i) => Math.max(200, twips(x - (table.xs[i] ?? 0))));
  const tableRows: TableRow[] = [];
  for (let r = 0; r < rows; r++) {
    const cells = table.cells
      .filter((c) => c.row === r)
      .sort((a, b) => a.col - b.col)
      .map(
        (cell) =>
          new TableCell({
            columnSpan: cell.colSpan > 1 ? cell.colSpan : undefined,
            rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
            width: {
              size: widths.slice(cell.col, cell.col + cell.colSpan).reduce((a, b) => a + b, 0),
              type: WidthType.DXA,
            },
            children: (cell.text ? cell.text.split('\n') : ['']).map(
              (text) => new Paragraph({ children: [new TextRun({ text, size: Math.round(fontSize * 2) })] }),
            ),
          }),
      );
    tableRows.push(new TableRow({ children: cells }));
  }
  const borderless = table.kind === 'aligned';
  return new Table({
    rows: tableRows,
    columnWidths: widths,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    borders: borderless
      ? {
          top: NO_BORDER,
          bottom: NO_BORDER,
          left: NO_BORDER,
          right: NO_BORDER,
          insideHorizontal: NO_BORDER,
          insideVertical: NO_BORDER,
        }
      : undefined,
  });
}

export function imageBlock(image: PageImage, maxWidth: number): Paragraph {
  let w = image.box[2] - image.box[0];
  let h = image.box[3] - image.box[1];
  if (w > maxWidth) {
    h = (h * maxWidth) / w;
    w = maxWidth;
  }
  return new Paragraph({
    children: [
      new ImageRun({
        type: image.format,
        data: image.data,
        transformation: { width: pixels(w), height: pixels(h) },
      }),
    ],
  });
}
