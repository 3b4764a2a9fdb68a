/**
 * What happens around a result, as a person uses it, against the real server and engines: continue
 * a compressed PDF into Protect without uploading it again, cancel an OCR job mid-way, download a
 * split as one ZIP, a failure that stays on the page, and a result still listed after leaving.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PdfCompressModel } from './models/pdf-compress.model';
import { PdfOcrModel } from './models/pdf-ocr.model';
import { PdfProtectModel } from './models/pdf-protect.model';
import { PdfSplitModel } from './models/pdf-split.model';
import { PdfUnprotectModel } from './models/pdf-unprotect.model';
import { corpusFile } from './support/corpus';
import { pdfPageCount, pdfText, requiresPassword, zipEntries } from './support/inspect';

const metrics = async (page: Page): Promise<string> => (await page.request.get('/api/metrics')).text();

/** A counter of /metrics for one label set (0 when the series does not exist yet). */
async function counter(page: Page, series: string): Promise<number> {
  const line = (await metrics(page)).split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const uploads = 'docstudio_http_requests_total{method="POST",route="/api/upload",status="200"}';
const sentInputs = 'docstudio_input_files_total{source="sent"}';
const referencedInputs = 'docstudio_input_files_total{source="reference"}';

test('a compressed PDF continues into Protect without being uploaded again', async ({ page }, testInfo) => {
  const compress = new PdfCompressModel(page);
  await compress.open();
  await compress.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await compress.convert();
  await compress.expectComplete();
  const compressedName =
    (await compress.resultItems.first().locator('[data-part="result-name"]').textContent()) ?? '';

  const uploadsBefore = await counter(page, uploads);
  const sentBefore = await counter(page, sentInputs);
  const referencedBefore = await counter(page, referencedInputs);
  await compress.root
    .getByRole('combobox', { name: 'Continue with another tool' })
    .selectOption({ label: 'Protect PDF' });
  await compress.root.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pdf-protect$/);

  const protect = new PdfProtectModel(page);
  await expect(protect.root).toHaveAttribute('data-state', 'selected');
  await expect(protect.root.locator('[data-part="file-name"]')).toHaveText(compressedName);
  await protect.enterUserPassword('e2e-secret 2');
  await protect.convert();
  await protect.expectComplete();
  const result = await protect.download(testInfo);
  expect(requiresPassword(result.path)).toBe(true);
  expect(pdfText(result.path, 'e2e-secret 2')).toContain('misfits');
  // The server received the compressed PDF as a reference (its FileId), not as bytes again.
  expect(await counter(page, sentInputs)).toBe(sentBefore);
  expect(await counter(page, referencedInputs)).toBe(referencedBefore + 1);
  expect(await counter(page, uploads)).toBe(uploadsBefore);
});

test('Cancel stops an OCR job on the server', async ({ page }) => {
  const aborted = 'docstudio_conversions_total{converter="pdf/to/ocr",outcome="aborted"}';
  const before = await counter(page, aborted);
  const ocr = new PdfOcrModel(page);
  await ocr.open();
  await ocr.chooseFiles(corpusFile('pdf-scanned/multipage.pdf'));
  await ocr.convert();
  // Cancel once the engine works on it, as a person watching the progress would.
  await expect
    .poll(async () => (await metrics(page)).includes('docstudio_queue_jobs{state="running"} 1'), {
      timeout: 60_000,
    })
    .toBe(true);
  await ocr.root.getByRole('button', { name: 'Cancel' }).click();
  await expect(ocr.root).toHaveAttribute('data-state', 'selected');
  await expect(ocr.root.locator('[data-part="results"]')).toHaveCount(0);
  await expect.poll(() => counter(page, aborted), { timeout: 60_000 }).toBe(before + 1);
  expect(await metrics(page)).toContain('docstudio_queue_jobs{state="running"} 0');
});

test('a split downloads as one ZIP holding every part', async ({ page }, testInfo) => {
  const split = new PdfSplitModel(page);
  await split.open();
  await split.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'));
  await split.chooseMode('All pages');
  await split.convert();
  await split.expectComplete();
  await expect(split.resultItems).toHaveCount(4);
  const names = await split.resultItems.locator('[data-part="result-name"]').allTextContents();
  const download = page.waitForEvent('download');
  await split.root.getByRole('link', { name: 'Download all as ZIP' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const path = testInfo.outputPath(zip.suggestedFilename());
  await zip.saveAs(path);
  expect(zipEntries(path).sort()).toEqual([...names].sort());
  for (const line of await split.resultItems.locator('[data-part="result-size"]').allTextContents())
    expect(line).not.toBe('0.00 MB');
  // Opened as a person would: every part is a one-page PDF.
  const folder = testInfo.outputPath('unzipped');
  execFileSync('unzip', ['-q', path, '-d', folder]);
  for (const name of names) expect(pdfPageCount(join(folder, name))).toBe(1);
});

test('a failure stays on the page, focused, until the next action', async ({ page }) => {
  const unlock = new PdfUnprotectModel(page);
  await unlock.open();
  await unlock.chooseFiles(corpusFile('pdf-encrypted/r6-both-passwords.pdf'));
  await unlock.enterPassword('not the password');
  await unlock.convert();
  await expect(unlock.root).toHaveAttribute('data-state', 'failed');
  const failure = unlock.root.locator('[data-part="failure"]');
  await expect(failure).toBeVisible();
  await expect(failure).toBeFocused();
  for (const dismiss of await unlock.root.locator('[data-part="toast-dismiss"]').all()) await dismiss.click();
  await expect(unlock.root.locator('[data-part="toast"]')).toHaveCount(0);
  await expect(failure).toBeVisible();
  await unlock.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await expect(failure).toHaveCount(0);
});

test('a result is still listed after navigating away and back', async ({ page }) => {
  const compress = new PdfCompressModel(page);
  await compress.open();
  await compress.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await compress.convert();
  await compress.expectComplete();
  const listed = await compress.resultItems.locator('[data-part="result-name"]').allTextContents();

  await page.getByRole('link', { name: 'Tools' }).first().click();
  await expect(compress.root).toHaveCount(0);
  await page.goBack();
  await expect(compress.root).toHaveAttribute('data-state', 'complete');
  await expect(compress.resultItems.locator('[data-part="result-name"]')).toHaveText(listed);
});
