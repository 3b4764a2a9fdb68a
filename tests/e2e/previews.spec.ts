/**
 * Previews before committing, through the real server and engines: the watermark drawn on the first
 * page (where the server then stamps it, measured with pdftoppm), the redaction's dry-run boxes over
 * the words poppler finds for an email and an SSN (gone from the result, pdftotext), and the size
 * compress saved (the downloaded file's own size).
 */
import { statSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfCompressModel } from './models/pdf-compress.model';
import { PdfRedactModel } from './models/pdf-redact.model';
import { PdfWatermarkModel } from './models/pdf-watermark.model';
import { redactionBoxes, watermarkPlacement } from './models/previews.model';
import { corpusFile } from './support/corpus';
import { pdfText } from './support/inspect';
import { recordLogMarker } from './support/log-markers';
import { differenceBox, renderFirstPage } from './support/page-raster';
import { firstPageWords } from './support/pdf-words';

test('Watermark shows a live preview on the first page, where the server then stamps it', async ({
  page,
}, testInfo) => {
  const input = corpusFile('pdf/crazyones.pdf');
  const tool = new PdfWatermarkModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  const preview = tool.root.getByRole('img', { name: 'Preview of the watermark on page 1: CONFIDENTIAL' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('[data-part="page-image"]')).toHaveAttribute('data-state', 'ready');
  await tool.enterText('E2E PREVIEW');
  await expect(
    tool.root.getByRole('img', { name: 'Preview of the watermark on page 1: E2E PREVIEW' }),
  ).toBeVisible();
  await expect(tool.root.locator('[data-part="watermark-text"]')).toHaveText('E2E PREVIEW');
  await tool.combobox('Horizontal alignment').selectOption('left');
  await tool.combobox('Vertical alignment').selectOption('top');
  await tool.root.getByRole('button', { name: 'Large' }).click();
  await tool.root.getByRole('slider', { name: 'Opacity (%)' }).fill('80');
  await expect(tool.root.locator('[data-part="watermark-text"]')).toHaveAttribute('opacity', '0.8');
  // Nothing was converted yet: the preview is drawn in the browser.
  await expect(tool.root).toHaveAttribute('data-state', 'selected');
  const shown = await watermarkPlacement(tool.root);

  const result = await tool.convertAndDownload(testInfo);
  expect(pdfText(result.path)).toContain('E2E PREVIEW');
  const dpi = 72;
  const stamped = differenceBox(
    renderFirstPage(input, testInfo.outputPath('original'), dpi),
    renderFirstPage(result.path, testInfo.outputPath('stamped'), dpi),
  );
  if (!stamped) throw new Error('The stamped page looks like the original.');
  // At 72 dpi a pixel is a point. Capitals fill the stamp's text box (Helvetica-Bold's cap height is
  // its ascender), so the ink's centre is the box's centre.
  const [x0, y0, x1, y1] = stamped;
  expect(Math.abs(shown.centerX - (x0 + x1) / 2)).toBeLessThan(4);
  expect(Math.abs(shown.centerY - (y0 + y1) / 2)).toBeLessThan(4);
  expect(Math.abs(shown.width - (x1 - x0)) / (x1 - x0)).toBeLessThan(0.08);
});

const EMAIL = 'maria.lopez@example.org';
const SSN = '372-58-1946';

/** A one-page letter holding an email address and an SSN among ordinary sentences. */
async function letterWithPersonalData(path: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sheet = doc.addPage([612, 792]);
  const lines = [
    'The quarterly report is attached for review.',
    `Please reply to ${EMAIL} by Friday.`,
    `SSN: ${SSN}`,
    'The committee meets again next month.',
  ];
  for (const [index, line] of lines.entries())
    sheet.drawText(line, { x: 72, y: 700 - index * 28, size: 13, font });
  writeFileSync(path, await doc.save());
}

test('Redaction shows the boxes it will draw before redacting; the result has no such text', async ({
  page,
}, testInfo) => {
  for (const value of [EMAIL, SSN]) recordLogMarker('document text', value);
  const input = testInfo.outputPath('letter-to-redact.pdf');
  await letterWithPersonalData(input);
  const tool = new PdfRedactModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.root.getByRole('button', { name: 'Preview redactions' }).click();
  const picture = tool.root.getByRole('img', { name: /^Page 1: \d+ areas to redact$/ });
  await expect(picture).toBeVisible({ timeout: 60_000 });
  await expect(picture.locator('[data-part="page-image"]')).toHaveAttribute('data-state', 'ready');
  await expect(tool.root).toHaveAttribute('data-state', 'selected');
  const boxes = await redactionBoxes(tool.root);
  expect(new Set(boxes.map((box) => box.kind))).toEqual(new Set(['email', 'ssn']));

  // Every word poppler reads for the email and the SSN lies under a drawn box; the ordinary words do not.
  const words = firstPageWords(input);
  const covered = (word: (typeof words)[number]) => {
    const cx = (word.box[0] + word.box[2]) / 2;
    const cy = (word.box[1] + word.box[3]) / 2;
    return boxes.some((b) => cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height);
  };
  const personal = words.filter((word) => word.text === EMAIL || word.text === SSN);
  expect(personal.map((word) => word.text).sort()).toEqual([SSN, EMAIL].sort());
  expect(personal.filter((word) => !covered(word))).toEqual([]);
  const ordinary = words.filter((word) => ['quarterly', 'committee', 'Friday.', 'reply'].includes(word.text));
  expect(ordinary).toHaveLength(4);
  expect(ordinary.filter(covered)).toEqual([]);

  await tool.convert();
  await tool.expectComplete();
  const result = await tool.download(testInfo);
  const text = pdfText(result.path);
  expect(text).not.toContain(EMAIL);
  expect(text).not.toContain(SSN);
  expect(text).toContain('The committee meets again next month.');
});

test('Compress shows the bytes it saved, and they match the downloaded file', async ({ page }, testInfo) => {
  const input = corpusFile('pdf/pdf2docx-demo-text.pdf');
  const before = statSync(input).size;
  const tool = new PdfCompressModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.choosePreset('web');
  const result = await tool.convertAndDownload(testInfo);
  const after = statSync(result.path).size;
  expect(after).toBeLessThan(before);
  const saved = tool.root.locator('[data-part="size-saved"]');
  await expect(saved).toHaveAttribute('data-before', String(before));
  await expect(saved).toHaveAttribute('data-after', String(after));
  // Sizes below 1 MB in KB: whole KB from 10 KB, one decimal below.
  const kb = (bytes: number) =>
    bytes >= 10 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024).toFixed(1)} KB`;
  const share = ((before - after) / before) * 100;
  const percent =
    share >= 10 ? String(Math.round(share)) : String(Math.max(0.1, Math.round(share * 10) / 10));
  await expect(saved).toHaveText(
    `${kb(before)} → ${kb(after)}: ${percent}% smaller (${kb(before - after)} saved)`,
  );
});
