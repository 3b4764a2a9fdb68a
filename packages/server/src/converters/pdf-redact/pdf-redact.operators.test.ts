/**
 * Redaction against every way a PDF can show text. Each variant is checked the way a reviewer would:
 * the personal data gone from poppler's text, from qpdf's uncompressed bytes and from Tesseract's
 * reading of the rendered page; the ordinary lines still there. Variants MuPDF mangles must come back
 * as burnt pictures with an OCR layer, and the answer must say so. A scanned report checks what OCR
 * finds: running headers, measurements that look like dates, and the size of the result.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPageGreyPng } from '../../engines/tesseract/page-ocr';
import { convertAsSent } from '../../testing/convert-as-sent';
import { listedImages, run, useTestJob } from '../../testing/pdf-tools';
import {
  MANGLED_BY_MUPDF,
  OPERATOR_ORDINARY,
  OPERATOR_PII,
  OPERATOR_VARIANTS,
  type OperatorVariant,
  writeOperatorPdf,
} from './operator-pdfs.testing';
import { pdfRedactConverter } from './pdf-redact.converter';
import { REPORT_MEASUREMENTS, REPORT_PII, scannedReportPdf } from './scanned-report.testing';
import { rawForms, uncompressedBytes } from './seeded-pii.testing';

const job = useTestJob();
const flat = (text: string): string => text.replace(/\s+/g, ' ');

interface Redacted {
  path: string;
  rasterised: number[];
}

async function redactVariant(variant: OperatorVariant): Promise<Redacted> {
  const source = join(job().workDir, 'variant.pdf');
  await writeOperatorPdf(source, variant);
  // The variant really shows every line before redaction (else the test proves nothing).
  const before = flat(await run('pdftotext', [source, '-']));
  for (const value of [...OPERATOR_PII, ...OPERATOR_ORDINARY]) expect(before).toContain(value);
  const [result] = await convertAsSent(pdfRedactConverter, await job().context([source], { Preset: 'auto' }));
  const report = result?.report?.Redaction as { RasterizedPages: number[] } | undefined;
  return { path: result?.path ?? '', rasterised: report?.RasterizedPages ?? [] };
}

function tesseractPng(png: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'tesseract',
      [png, 'stdout'],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => (error ? reject(error) : resolve(flat(stdout))),
    ),
  );
}

async function tesseractText(path: string): Promise<string> {
  const prefix = join(job().workDir, `ocr-${Date.now()}`);
  return tesseractPng(await renderPageGreyPng(path, 1, 300, prefix, { timeoutMs: 60_000 }));
}

async function expectNoTrace(path: string): Promise<void> {
  const text = flat(await run('pdftotext', [path, '-']));
  const bytes = await uncompressedBytes(path, job().workDir);
  for (const value of OPERATOR_PII) {
    expect(text).not.toContain(value);
    expect(rawForms(value).filter((form) => bytes.includes(form))).toEqual([]);
  }
}

describe('pdf/to/redact on every text operator', () => {
  it.each(OPERATOR_VARIANTS.map((variant) => [variant.name, variant] as const))(
    '%s: data gone from text, bytes and pixels; ordinary lines kept as text',
    async (_name, variant) => {
      const { path, rasterised } = await redactVariant(variant);
      await expectNoTrace(path);
      // The text path held: no page needed the picture fallback, and ordinary lines are still text.
      expect(rasterised).toEqual([]);
      const text = flat(await run('pdftotext', [path, '-']));
      for (const line of OPERATOR_ORDINARY) expect(text).toContain(line);
      for (const label of ['Patient:', 'SSN', 'Email']) expect(text).toContain(label);
      if (variant.type3) return; // its glyphs are boxes: nothing for Tesseract to read either way
      const seen = await tesseractText(path);
      for (const value of OPERATOR_PII) expect(seen).not.toContain(value);
      expect(seen).toContain('Ordinary line stays');
    },
  );

  it.each(MANGLED_BY_MUPDF.map((variant) => [variant.name, variant] as const))(
    '%s: verification catches what MuPDF did and the page comes back as a burnt picture with OCR',
    async (_name, variant) => {
      const { path, rasterised } = await redactVariant(variant);
      expect(rasterised).toEqual([1]);
      await expectNoTrace(path);
      // The page is one picture now, and its OCR layer keeps the remaining words searchable.
      const images = await listedImages(path);
      expect(images.filter((image) => image.page === 1 && image.type === 'image')).toHaveLength(1);
      const text = flat(await run('pdftotext', [path, '-']));
      expect(text).toContain('Ordinary line stays');
      expect(text).toContain('Quarterly staffing review');
      const seen = await tesseractText(path);
      for (const value of OPERATOR_PII) expect(seen).not.toContain(value);
    },
  );
});

describe('pdf/to/redact on a scanned medical report', () => {
  it('removes the name and numbers from every page, running headers included; keeps measurements; stays small', async () => {
    const source = join(job().workDir, 'report.pdf');
    await scannedReportPdf(source, job().workDir);
    const pages = Number((await run('qpdf', ['--show-npages', source])).trim());
    const readPage = async (path: string, page: number): Promise<string> => {
      const prefix = join(job().workDir, `page-${page}-${Date.now()}`);
      return tesseractPng(await renderPageGreyPng(path, page, 300, prefix, { timeoutMs: 60_000 }));
    };
    // The scan really shows the header on pages 2-3 before redaction.
    expect(await readPage(source, 2)).toContain('LOPEZ, MARIA');

    const [result] = await convertAsSent(
      pdfRedactConverter,
      await job().context([source], { Preset: 'hipaa' }),
    );
    const output = result?.path ?? '';
    for (let page = 1; page <= pages; page++) {
      const seen = await readPage(output, page);
      // OCR may read a surviving number with a stray dot or space: compare numbers by their digits.
      const digits = seen.replace(/\D/g, '');
      for (const value of REPORT_PII) {
        expect(seen.toLowerCase()).not.toContain(value.toLowerCase());
        if (/^[\d\s()./-]+$/.test(value)) expect(digits).not.toContain(value.replace(/\D/g, ''));
      }
      if (page === 1) for (const value of REPORT_MEASUREMENTS) expect(seen).toContain(value);
    }
    // Blanking pixels must not turn a compact scan into a lossless monster.
    expect((await stat(output)).size).toBeLessThanOrEqual((await stat(source)).size * 1.25);
  });
});
