/**
 * html/to/pdf on the warm Chromium (through the converter: prepared context, settle by idleness)
 * against a cold `chromium --headless --print-to-pdf` of the same file, pairs interleaved so both
 * see the same machine load; medians. Goal: warm ÷ cold <= 0.3. Printed, never asserted.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { htmlToPdfConverter } from '../packages/server/src/converters/html-to-pdf';
import { CHROMIUM_ARGS, configureChromium, shutdownChromium } from '../packages/server/src/engines/chromium';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { chromiumPath } from '../tests/chromium';
import { reportGoal } from './goals';
import { median } from './median';

const exec = promisify(execFile);
const PAIRS = 9;
/** Idle time before each cold run (see coldOnce), not counted in either figure. */
const IDLE_BETWEEN_JOBS_MS = 500;

const PAGE = `<!doctype html><html><head><title>Bench</title><style>
  body { font-family: sans-serif; } td { border: 1px solid #999; padding: 4px; }
</style></head><body><h1>Monthly figures</h1><table>${Array.from(
  { length: 40 },
  (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i * 37) % 101}</td><td>${(i * 13) % 7}</td></tr>`,
).join('')}</table><p id="note"></p><script>
  document.getElementById('note').textContent = 'Total rows: ' + document.querySelectorAll('tr').length;
</script></body></html>`;

const pages = (pdf: string): string =>
  execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1] ?? '?';

async function warmOnce(file: string): Promise<{ ms: number; pdf: string; cleanup(): Promise<void> }> {
  const job = await makeConverterContext(file, {}, 60_000);
  const started = performance.now();
  const [result] = await convertAsSent(htmlToPdfConverter, job.ctx);
  return { ms: performance.now() - started, pdf: result?.path ?? '', cleanup: job.cleanup };
}

/**
 * Awaited, not run synchronously, and after a pause: a running server's event loop is free between
 * jobs and the warm browser uses that idle time to close the last job's context and prepare the
 * next one (prepared-contexts.ts). A blocked loop would push that work into the next warm job's time;
 * no pause would have it compete with the cold browser for the CPU.
 */
async function coldOnce(file: string, out: string): Promise<number> {
  await sleep(IDLE_BETWEEN_JOBS_MS);
  const started = performance.now();
  await exec(
    chromiumPath,
    [...CHROMIUM_ARGS, '--headless', '--no-pdf-header-footer', `--print-to-pdf=${out}`, `file://${file}`],
    { timeout: 60_000 },
  );
  return performance.now() - started;
}

export default async function chromiumWarmBench(): Promise<void> {
  configureChromium({ executablePath: chromiumPath });
  const dir = mkdtempSync(join(tmpdir(), 'bench-chromium-warm-'));
  const file = join(dir, 'figures.html');
  writeFileSync(file, PAGE);
  try {
    const first = await warmOnce(file); // launches the warm browser, as a running server has it
    await first.cleanup();
    await coldOnce(file, join(dir, 'cold-warmup.pdf')); // the binary and fonts in the page cache for both
    const warm: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const run = await warmOnce(file);
      warm.push(run.ms);
      // Not a stopwatch on empty work: the result is a real PDF with the script's text.
      const text = execFileSync('pdftotext', [run.pdf, '-'], { encoding: 'utf8' });
      if (!text.includes('Total rows: 40')) throw new Error('the warm PDF lacks the page text');
      if (i === 0) console.log(`warm PDF: ${pages(run.pdf)} page(s)`);
      await run.cleanup();
      const out = join(dir, `cold-${i}.pdf`);
      cold.push(await coldOnce(file, out));
      if (i === 0) console.log(`cold PDF: ${pages(out)} page(s)`);
    }
    const w = median(warm);
    const c = median(cold);
    console.log(`html/to/pdf, warm converter, median of ${PAIRS}:          ${w.toFixed(0)} ms`);
    console.log(`chromium --headless --print-to-pdf, median of ${PAIRS}:  ${c.toFixed(0)} ms`);
    console.log(`ratio warm / cold CLI: ${(w / c).toFixed(2)} (goal <= 0.3)`);
    reportGoal({ name: 'HTML to PDF: warm ÷ cold chromium CLI', value: w / c, atMost: 0.3 });
  } finally {
    await shutdownChromium();
    rmSync(dir, { recursive: true, force: true });
  }
}
