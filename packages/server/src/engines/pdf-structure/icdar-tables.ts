/**
 * Ground truth of the ICDAR 2013 table competition (`*-str.xml`: tables, one region per page, cells
 * with start/end row and column and their content) as grids of cell texts, so tests and the bench
 * score extracted tables with `cellAccuracy` against what the competition's authors wrote down.
 */
import { XMLParser } from 'fast-xml-parser';

export interface ExpectedTable {
  /** 1-based page number of the region. */
  page: number;
  /** rows x cols, a spanning cell's text at its top-left position, '' elsewhere. */
  grid: string[][];
}

interface XmlCell {
  '@_start-row': string;
  '@_start-col': string;
  content?: string | number;
}

interface XmlRegion {
  '@_page': string;
  cell?: XmlCell | XmlCell[];
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function icdarTables(xml: string): ExpectedTable[] {
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml) as {
    document?: { table?: { region?: XmlRegion | XmlRegion[] } | { region?: XmlRegion | XmlRegion[] }[] };
  };
  const out: ExpectedTable[] = [];
  for (const table of list(parsed.document?.table)) {
    for (const region of list(table.region)) {
      const cells = list(region.cell);
      // the EU documents count rows and columns from 0, the US ones from 1
      const firstRow = Math.min(...cells.map((cell) => Number(cell['@_start-row'])));
      const firstCol = Math.min(...cells.map((cell) => Number(cell['@_start-col'])));
      const grid: string[][] = [];
      for (const cell of cells) {
        const r = Number(cell['@_start-row']) - firstRow;
        const c = Number(cell['@_start-col']) - firstCol;
        const row = grid[r] ?? [];
        row[c] = String(cell.content ?? '')
          .replace(/\s+/g, ' ')
          .trim();
        grid[r] = row;
      }
      const cols = Math.max(0, ...Array.from(grid, (r) => r?.length ?? 0));
      out.push({
        page: Number(region['@_page']),
        grid: Array.from({ length: grid.length }, (_, r) =>
          Array.from({ length: cols }, (_, c) => grid[r]?.[c] ?? ''),
        ),
      });
    }
  }
  return out;
}
