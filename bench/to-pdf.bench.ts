/**
 * The warm engines of the to-PDF converters against their cold baselines, side by side in one run:
 * office/to/pdf through the warm LibreOffice pool vs one `soffice --convert-to pdf` process per file
 * (10 DOCX), and html/to/pdf on the warm Chromium vs launching a fresh browser for the page. Printed
 * as totals and ratios (never asserted: the machine is shared, absolute times vary).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { officeToPdfConverter } from '../packages/server/src/converters/office-to-pdf';
import {
  CHROMIUM_ARGS,
  configureChromium,
  renderHtmlToPdf,
  shutdownChromium,
} from '../packages/server/src/engines/chromium';
import { shutdownLibreOffice } from '../packages/server/src/engines/libreoffice';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { chromiumPath } from '../tests/chromium';

const OFFICE = `${CORPUS_DIR}/office`;
const DOCX = ['tbl-having-tables.docx', 'hdr-header-footer.docx', 'having-images.docx'];
const RUNS = 10;
const HTML_RUNS = 3;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

async function warmPool(files: string[]): Promise<number> {
  // One uncounted conversion starts the pool's first instance, as a running server has it.
  const first = await makeConverterContext(files[0] ?? '', {}, 120_000);
  await convertAsSent(officeToPdfConverter, first.ctx);
  await first.cleanup();
  const jobs = await Promise.all(files.map((file) => makeConverterContext(file, {}, 120_000)));
  const outputs: string[] = [];
  const started = performance.now();
  for (const job of jobs) {
    const [result] = await convertAsSent(officeToPdfConverter, job.ctx);
    outputs.push(result?.path ?? '');
  }
  const elapsed = performance.now() - started;
  // Not a stopwatch on empty work: every result must be a real PDF with pages.
  const pages = outputs.map((pdf) =>
    Number(execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' })),
  );
  console.log(`warm pool results: ${pages.join(', ')} page(s)`);
  await Promise.all(jobs.map((job) => job.cleanup()));
  return elapsed;
}

function processPerFile(files: string[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-soffice-'));
  // One profile reused by every process (created by an uncounted first run): the fairest baseline.
  const profile = `-env:UserInstallation=file://${join(dir, 'profile')}`;
  const run = (file: string): void => {
    execFileSync('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], {
      stdio: 'ignore',
      timeout: 120_000,
    });
  };
  run(files[0] ?? '');
  const started = performance.now();
  for (const file of files) run(file);
  const elapsed = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  return elapsed;
}

async function officeBench(): Promise<void> {
  const files = Array.from({ length: RUNS }, (_, i) => join(OFFICE, DOCX[i % DOCX.length] ?? ''));
  const warm = await warmPool(files);
  const cold = processPerFile(files);
  console.log(`office/to/pdf, ${RUNS} DOCX, warm LibreOffice pool:  ${seconds(warm)}`);
  console.log(`soffice --convert-to pdf, one process per file: ${seconds(cold)}`);
  console.log(`ratio (process per file / warm pool):         ${(cold / warm).toFixed(2)}x`);
}

const PAGE = `<!doctype html><html><head><title>Bench</title><style>
  body { font-family: sans-serif; } td { border: 1px solid #999; padding: 4px; }
</style></head><body><h1>Monthly figures</h1><table>${Array.from(
  { length: 40 },
  (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i * 37) % 101}</td><td>${(i * 13) % 7}</td></tr>`,
).join('')}</table></body></html>`;

async function htmlBench(): Promise<void> {
  configureChromium({ executablePath: chromiumPath });
  const dir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const render = (name: string): Promise<void> =>
    renderHtmlToPdf(PAGE, {
      outPath: join(dir, `${name}.pdf`),
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });
  await render('warm-up'); // launches the warm browser, as a running server has it
  let started = performance.now();
  for (let i = 0; i < HTML_RUNS; i++) await render(`warm-${i}`);
  const warm = (performance.now() - started) / HTML_RUNS;

  started = performance.now();
  for (let i = 0; i < HTML_RUNS; i++) {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    const page = await browser.newPage();
    await page.setContent(PAGE, { waitUntil: 'load' });
    await page.pdf({ path: join(dir, `fresh-${i}.pdf`), format: 'A4', printBackground: true });
    await browser.close();
  }
  const fresh = (performance.now() - started) / HTML_RUNS;
  const pages = execFileSync('pdfinfo', [join(dir, 'warm-0.pdf')], { encoding: 'utf8' }).match(
    /Pages:\s+(\d+)/,
  )?.[1];
  rmSync(dir, { recursive: true, force: true });
  console.log(`html/to/pdf on the warm browser (${pages} page(s)), mean of ${HTML_RUNS}: ${seconds(warm)}`);
  console.log(`fresh browser launch per page, mean of ${HTML_RUNS}:       ${seconds(fresh)}`);
  console.log(`ratio (fresh launch / warm):                       ${(fresh / warm).toFixed(2)}x`);
}

export default async function toPdfBench(): Promise<void> {
  try {
    await officeBench();
    await htmlBench();
  } finally {
    await Promise.allSettled([shutdownLibreOffice(), shutdownChromium()]);
  }
}
