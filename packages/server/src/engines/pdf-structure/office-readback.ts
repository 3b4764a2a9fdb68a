/**
 * Reads converter output back with independent tools, for tests and the bench: LibreOffice converts a
 * .docx to plain text (which also proves it opens), unzip gives the raw OOXML parts for tables and slides.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function libreOfficeText(docxPath: string): string {
  const outDir = dirname(docxPath);
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${outDir}/lo-profile`,
      '--convert-to',
      'txt:Text',
      '--outdir',
      outDir,
      docxPath,
    ],
    {
      timeout: 120_000,
      stdio: 'ignore',
    },
  );
  return readFileSync(join(outDir, basename(docxPath).replace(/\.docx$/, '.txt')), 'utf8').replace(
    /^\uFEFF/,
    '',
  );
}

export const zipPart = (file: string, part: string): string =>
  execFileSync('unzip', ['-p', file, part], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

export const zipParts = (file: string): string[] =>
  execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const textOf = (xml: string): string =>
  (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [])
    .map((p) =>
      decode(
        (p.match(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''),
      ),
    )
    .join('\n');

/** Word tables of a document.xml as grids; a cell spanning n columns is followed by n-1 empty cells. */
export function docxTables(documentXml: string): string[][][] {
  return (documentXml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? []).map((tbl) =>
    (tbl.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []).map((tr) =>
      (tr.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []).flatMap((tc) => {
        const span = Number(/<w:gridSpan w:val="(\d+)"/.exec(tc)?.[1] ?? '1');
        return [textOf(tc), ...Array.from({ length: span - 1 }, () => '')];
      }),
    ),
  );
}

/** All text of the slides, slide by slide (a:t runs). */
export function pptxSlideTexts(file: string): string[] {
  return zipParts(file)
    .filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
    .map((p) =>
      decode(
        (zipPart(file, p).match(/<a:t>([^<]*)<\/a:t>/g) ?? [])
          .map((t) => t.replace(/<[^>]+>/g, ''))
          .join(' '),
      ),
    );
}
