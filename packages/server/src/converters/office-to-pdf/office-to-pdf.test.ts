import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLibreOffice, getOfficePool, shutdownLibreOffice } from '../../engines/libreoffice';
import { canRelabelVersion } from '../../engines/pdf-raw-version';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import type { ConverterContext } from '../converter.types';
import type { SentParameters } from '../tool-parameters';
import { officeToPdfConverter } from './index';

// Prove the profile hardening alone keeps documents offline: no network namespace in this file.
configureLibreOffice({ isolateNetwork: false });

const CORPUS = `${CORPUS_DIR}/office`;
let workDir: string;
let trap: http.Server;
let trapPort: number;
const trapHits: string[] = [];
let reportDocx: string;

async function makeReportDocx(path: string): Promise<void> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 } } }, // A4 in twentieths of a point
        children: [
          new Paragraph({ text: 'Annual Inventory Report', heading: HeadingLevel.HEADING_1 }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Item'), cell('Quantity')] }),
              new TableRow({ children: [cell('Widgets'), cell('1234')] }),
              new TableRow({ children: [cell('Gadgets'), cell('5678')] }),
            ],
          }),
        ],
      },
    ],
  });
  await writeFile(path, await Packer.toBuffer(doc));
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'office-to-pdf-'));
  reportDocx = join(workDir, 'report.docx');
  await makeReportDocx(reportDocx);
  trap = http.createServer((req, res) => {
    trapHits.push(req.url ?? '');
    res.end('remote');
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
});

afterAll(async () => {
  await shutdownLibreOffice();
  await new Promise((r) => trap.close(r));
  await rm(workDir, { recursive: true, force: true });
});

let counter = 0;
async function convert(source: string, params: Record<string, string> = {}) {
  const dir = join(workDir, `job-${++counter}`);
  await rm(dir, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(dir));
  const name = basename(source);
  const path = join(dir, name);
  await copyFile(source, path);
  const ctx: ConverterContext<SentParameters> = {
    files: [
      { path, fileName: name, ext: extname(name).slice(1).toLowerCase(), size: (await stat(path)).size },
    ],
    params,
    workDir: dir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 90_000,
  };
  const problems = parameterProblems(officeToPdfConverter, params);
  if (problems) throw Object.assign(new Error('invalid'), { problems });
  const [result] = await convertAsSent(officeToPdfConverter, ctx);
  if (!result) throw new Error('no result');
  return result;
}

const pdftotext = (pdf: string): string => execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
const pages = (pdf: string): number => Number(execFileSync('qpdf', ['--show-npages', pdf]).toString().trim());
const header = (pdf: string): string => execFileSync('head', ['-c', '8', pdf]).toString('latin1');

describe('office/to/pdf with real documents', () => {
  it('converts a DOCX with a heading and a table on an A4 page', async () => {
    const result = await convert(reportDocx);
    expect(result.fileName).toBe('report.pdf');
    const text = pdftotext(result.path);
    expect(text).toContain('Annual Inventory Report');
    expect(text).toMatch(/Widgets\s+1234/);
    expect(text).toMatch(/Gadgets\s+5678/);
    expect(execFileSync('pdfinfo', [result.path]).toString()).toMatch(
      /Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/,
    );
    expect(header(result.path)).toBe('%PDF-1.4'); // the spec's default version
  });

  it('converts an XLSX with its table values', async () => {
    const text = pdftotext((await convert(join(CORPUS, 'temperature-table.xlsx'))).path);
    expect(text).toMatch(/celsius\s+22\.2222/);
    expect(text).toMatch(/fahrenheit\s+72/);
  });

  it('FitToPageWidth prints a wide sheet one page wide, every column on the first page', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Wide');
    const headers = Array.from({ length: 16 }, (_, i) => `Column${String.fromCharCode(65 + i)}`);
    sheet.addRow(headers);
    for (let r = 1; r <= 40; r++) sheet.addRow(headers.map((_, c) => `value ${r}-${c} with some text`));
    sheet.columns.forEach((column) => {
      column.width = 28;
    });
    const wide = join(workDir, 'wide-sheet.xlsx');
    await book.xlsx.writeFile(wide);
    const split = (await convert(wide)).path;
    const fitted = (await convert(wide, { FitToPageWidth: 'true' })).path;
    const firstPage = (pdf: string) =>
      execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-']).toString('utf8');
    // as printed by default, the last columns land on later pages
    expect(firstPage(split)).not.toContain('ColumnP');
    expect(pages(split)).toBeGreaterThan(1);
    expect(firstPage(fitted)).toContain('ColumnA');
    expect(firstPage(fitted)).toContain('ColumnP');
    expect(firstPage(fitted)).toContain('value 1-15 with some text');
    expect(pages(fitted)).toBe(1);
    expect(parameterProblems(officeToPdfConverter, { FitToPageWidth: 'maybe' })).toHaveProperty(
      'FitToPageWidth',
    );
  });

  it('converts a PPTX slide per page', async () => {
    const result = await convert(join(CORPUS, 'tbl-cell.pptx'));
    expect(pages(result.path)).toBe(3);
  });

  it('converts an RTF with its table text', async () => {
    const text = pdftotext((await convert(join(CORPUS, 'simple_table.rtf'))).path);
    // simple_table.expected.txt: rows 'foo|bar|' and '1|1|'
    expect(text).toMatch(/foo\s+bar\n\s*1\s+1/);
    const expected = (
      await import('node:fs/promises').then((fs) => fs.readFile(join(CORPUS, 'french.expected.txt'), 'utf8'))
    )
      .split(/\s+/)
      .filter((w) => w.length > 6)
      .slice(0, 5);
    const french = pdftotext((await convert(join(CORPUS, 'french.rtf'))).path);
    for (const word of expected) expect(french).toContain(word);
  });

  it('converts a CSV (UTF-8, comma separated) into a table', async () => {
    const csv = join(workDir, 'prices.csv');
    await writeFile(csv, 'Product,Price,Città\nApple,1.25,Torino\nPear,2.50,Milano\n');
    const text = pdftotext((await convert(csv)).path);
    expect(text).toMatch(/Product\s+Price\s+Città/);
    expect(text).toMatch(/Pear\s+2\.5\s+Milano/);
  });

  it('converts a legacy XLS', async () => {
    const result = await convert(join(CORPUS, 'date.xls'));
    expect(pages(result.path)).toBeGreaterThanOrEqual(1);
  });

  it('honours PageRange', async () => {
    const result = await convert(join(CORPUS, 'cht-chart-type.pptx'), { PageRange: '2-3, 5' });
    expect(pages(result.path)).toBe(3);
  });

  it('rejects a malformed PageRange and one that selects nothing', async () => {
    expect(parameterProblems(officeToPdfConverter, { PageRange: 'abc' })).toHaveProperty('PageRange');
    expect(parameterProblems(officeToPdfConverter, { PageRange: '5-2' })).toHaveProperty('PageRange');
    expect(parameterProblems(officeToPdfConverter, { PdfVersion: '2.0' })).toHaveProperty('PdfVersion');
    await expect(convert(reportDocx, { PageRange: '40-50' })).rejects.toMatchObject({ code: 4000 });
  });

  it.each(['1.3', '1.4', '1.5', '1.6', '1.7'])('writes exactly PDF %s', async (version) => {
    const result = await convert(reportDocx, { PdfVersion: version });
    expect(header(result.path)).toBe(`%PDF-${version}`);
    expect(execFileSync('pdfinfo', [result.path]).toString()).toMatch(
      new RegExp(`PDF version:\\s+${version.replace('.', '\\.')}\\n`),
    );
    expect(pdftotext(result.path)).toContain('Annual Inventory Report');
  });

  it("LibreOffice's own 1.6 export can be relabelled in place: it has nothing qpdf would rewrite", async () => {
    // Every kind of document LibreOffice exports (Writer, Calc, Impress), and its PDF/A-2b.
    const documents = [
      'tbl-having-tables.docx',
      'picture.xlsx',
      'cht-chart-type.pptx',
      'libreoffice-form.odt',
    ];
    for (const name of documents) {
      for (const pdfA of ['false', 'true']) {
        const result = await convert(join(CORPUS, name), { PdfVersion: '1.6', PdfA: pdfA });
        expect(canRelabelVersion(await readFile(result.path), '1.4'), `${name}, PdfA ${pdfA}`).toBe(true);
      }
    }
  });

  it('PdfA gives a PDF/A document (PDF/A-1b at 1.4, PDF/A-2b above)', async () => {
    const a1 = await convert(reportDocx, { PdfA: 'true' });
    const meta1 = execFileSync('pdfinfo', ['-meta', a1.path]).toString();
    expect(meta1).toMatch(/pdfaid:part[>="]+1/);
    const a2 = await convert(reportDocx, { PdfA: 'true', PdfVersion: '1.7' });
    expect(execFileSync('pdfinfo', ['-meta', a2.path]).toString()).toMatch(/pdfaid:part[>="]+2/);
    expect(header(a2.path)).toBe('%PDF-1.7');
  });

  it('asks for the password of a protected Word document, refuses a wrong one, converts with the right one', async () => {
    const locked = join(workDir, 'locked.doc');
    const saved = await getOfficePool().convert(
      {
        input: reportDocx,
        output: locked,
        filter: null,
        pageRange: null,
        pdfVersion: 0,
        password: null,
        saveFilter: 'MS Word 97',
        savePassword: 'S3cret!',
      },
      60_000,
      new AbortController().signal,
    );
    expect(saved.ok).toBe(true);
    await expect(answerToRejection(convert(locked))).resolves.toMatchObject({ status: 422, code: 5003 });
    await expect(
      answerToRejection(convert(locked, { DocumentOpenPassword: 'wrong' })),
    ).resolves.toMatchObject({
      status: 422,
      code: 5006,
    });
    const result = await convert(locked, { DocumentOpenPassword: 'S3cret!' });
    expect(pdftotext(result.path)).toContain('Annual Inventory Report');
  });

  it('the corpus XLSX with an unpublished password is a clear 422 without or with a wrong password', async () => {
    const missing = await convert(join(CORPUS, 'pass_protected.xlsx')).catch((e: unknown) => e);
    expect(answerTo(missing)).toMatchObject({ status: 422, code: 5003 });
    expect((missing as Error).message).toMatch(/DocumentOpenPassword/);
    await expect(
      answerToRejection(convert(join(CORPUS, 'pass_protected.xlsx'), { DocumentOpenPassword: 'guess' })),
    ).resolves.toMatchObject({
      status: 422,
      code: 5006,
    });
  });

  it('a damaged file is a 422, and the pool keeps working after it', async () => {
    const broken = join(workDir, 'broken.docx');
    await writeFile(broken, Buffer.from('PK\u0003\u0004 this is not really a zip'));
    await expect(answerToRejection(convert(broken))).resolves.toMatchObject({ status: 422, code: 5002 });
    expect(pdftotext((await convert(reportDocx)).path)).toContain('Annual Inventory Report');
  });
});

describe('office/to/pdf never fetches remote content', () => {
  it('external image, INCLUDEPICTURE, linked section, WEBSERVICE() and DDE make no request', async () => {
    const base = `http://127.0.0.1:${trapPort}`;
    const odfHead = (kind: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.${kind}">`;
    const fodt = `${odfHead('text')}<office:body><office:text><text:p>Linked image below</text:p>
      <text:p><draw:frame draw:name="img" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${base}/external.png" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>
      <text:section text:name="linked"><text:section-source xlink:href="${base}/section.odt" xlink:type="simple"/></text:section>
      </office:text></office:body></office:document>`;
    const fods = `${odfHead('spreadsheet')}<office:body><office:spreadsheet><table:table table:name="Sheet1"><table:table-row>
      <table:table-cell table:formula="of:=WEBSERVICE(&quot;${base}/webservice&quot;)" office:value-type="string"><text:p>cached</text:p></table:table-cell>
      <table:table-cell table:formula="of:=DDE(&quot;soffice&quot;;&quot;${base}/dde.ods&quot;;&quot;Sheet1.A1&quot;)" office:value-type="string"><text:p>dde</text:p></table:table-cell>
      <table:table-cell table:formula="of:=[&apos;${base}/ext.ods&apos;#$Sheet1.A1]" office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell>
      </table:table-row></table:table></office:spreadsheet></office:body></office:document>`;
    const rtf = `{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Picture field:{\\field{\\*\\fldinst INCLUDEPICTURE "${base}/includepicture.png" \\\\d}{\\fldrslt x}}\\par}`;
    const sources: [string, string][] = [
      ['linked.fodt', fodt],
      ['formulas.fods', fods],
      ['includepicture.rtf', rtf],
    ];
    const pool = getOfficePool();
    for (const [name, body] of sources) {
      const path = join(workDir, name);
      await writeFile(path, body);
      // .fodt/.fods are not upload formats, so they go straight to the engine; RTF through the converter.
      if (name.endsWith('.rtf')) await convert(path);
      else {
        const answer = await pool.convert(
          {
            input: path,
            output: `${path}.pdf`,
            filter: null,
            pageRange: null,
            pdfVersion: 0,
            password: null,
          },
          60_000,
          new AbortController().signal,
        );
        expect({ name, ...answer }).toMatchObject({ name, ok: true });
      }
    }
    expect(pdftotext(join(workDir, 'linked.fodt.pdf'))).toContain('Linked image below');
    await new Promise((r) => setTimeout(r, 500));
    expect(trapHits).toEqual([]);
  });
});
