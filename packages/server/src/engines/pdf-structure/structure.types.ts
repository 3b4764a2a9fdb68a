/**
 * A page's content as the from-PDF converters need it: text lines with their styled spans and words,
 * pictures, ruling lines and the tables found from them, all in PDF points with the origin at the
 * top-left of the (rotated) page, the way MuPDF's structured text reports them.
 */

/** [x0, y0, x1, y1], y growing downwards. */
export type Box = [number, number, number, number];

export interface TextSpan {
  text: string;
  /** Family name without the subset prefix and style suffix ('Times New Roman'). */
  font: string;
  /** Point size. */
  size: number;
  bold: boolean;
  italic: boolean;
  /** 'RRGGBB'. */
  color: string;
  box: Box;
}

export interface TextWord {
  text: string;
  box: Box;
}

export interface TextLine {
  box: Box;
  spans: TextSpan[];
  words: TextWord[];
  /** The line's text, words joined by single spaces. */
  text: string;
  /** MuPDF's text block the line came from (MuPDF groups lines into paragraph-like blocks). */
  block: number;
  /** Dominant font size of the line. */
  size: number;
  /** False for vertical or rotated lines, which never take part in tables. */
  horizontal: boolean;
}

export interface PageImage {
  box: Box;
  /** The picture's bytes at its own pixel size (not as scaled on the page): the PDF's own JPEG, or PNG. */
  data: Buffer;
  format: 'png' | 'jpg';
  width: number;
  height: number;
}

/** A horizontal (y0 === y1) or vertical (x0 === x1) ruling line. */
export interface Ruling {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
}

export interface Table {
  box: Box;
  /** Column boundaries (cols + 1 x positions) and row boundaries (rows + 1 y positions). */
  xs: number[];
  ys: number[];
  /** Anchor cells only: a merged cell appears once, at its top-left position. */
  cells: TableCell[];
  /** 'ruled' from drawn lines, 'aligned' from whitespace-separated columns. */
  kind: 'ruled' | 'aligned';
}

export interface PageStructure {
  /** 0-based page index. */
  index: number;
  width: number;
  height: number;
  /** Lines outside tables, in reading order (columns read one after the other). */
  lines: TextLine[];
  images: PageImage[];
  tables: Table[];
  /** True when the text came from OCR of a scanned page. */
  ocr: boolean;
}

/** Grid of cell texts (rows x cols), merged areas empty except their anchor. */
export function tableToGrid(table: Table): string[][] {
  const rows = table.ys.length - 1;
  const cols = table.xs.length - 1;
  const grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ''));
  for (const cell of table.cells) {
    const row = grid[cell.row];
    if (row) row[cell.col] = cell.text;
  }
  return grid;
}
