/**
 * The landing page as a phone visitor meets it: Lighthouse 12 (mobile preset: emulated phone, slow
 * 4G and a 4× slower CPU, simulated) against the compiled server serving the studio built from this
 * checkout, on Debian's Chromium. Prints the performance score (goal ≥ 95), LCP, TBT, and the first
 * load: every request the page makes until the network is idle, summed as built (raw), gzipped
 * (each plain body gzipped at level 9, whatever the server sends) and as sent to the browser (the
 * build's Brotli copies, headers included).
 *
 * Baseline, side by side: LANDING_BASELINE_DIR=<a built studio> measures that build too (e.g. one
 * built from an earlier commit); without it the baseline is the same build's raw size.
 *
 * Then a visitor landing on a tool page from a search (/pdf-to-jpg), whose HTML names the tool's
 * module in a Link header, against the same build without page-preloads.json (no header), in turn:
 * what fetching the page module with the first load buys.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../packages/server/src/testing/server-process';
import { chromiumArgs, chromiumPath } from '../tests/chromium';
import { reportGoal } from './goals';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;

interface LandingFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  requests: number;
  rawKb: number;
  gzipKb: number;
  sentKb: number;
}

interface NetworkRequest {
  url: string;
  transferSize?: number;
  resourceSize?: number;
}

/** The response's gzipped size: its plain body fetched again and gzipped at the build's level. */
function gzippedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(gzipSync(Buffer.concat(chunks), { level: 9 }).length));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function measure(staticDir: string, path = ''): Promise<LandingFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-landing-'));
  const server = await startServerProcess(dataDir, { STATIC_DIR: staticDir }, { compiled: true });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const landing = server.apiUrl.replace(/\/api$/, '/');
    const result = await lighthouse(landing + path, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${landing}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
      []) as NetworkRequest[];
    const own = items.filter((item) => item.url.startsWith(landing));
    const gzipped = await Promise.all(own.map((item) => gzippedBytes(item.url)));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      requests: items.length,
      rawKb: sum(own.map((item) => item.resourceSize ?? 0)) / KB,
      gzipKb: sum(gzipped) / KB,
      sentKb: sum(items.map((item) => item.transferSize ?? 0)) / KB,
    };
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

function print(name: string, figures: LandingFigures): void {
  console.log(
    `${name.padEnd(10)} score ${String(figures.score).padStart(3)}  LCP ${(figures.lcpMs / 1000).toFixed(2)} s` +
      `  TBT ${figures.tbtMs.toFixed(0)} ms  first load: ${figures.requests} requests,` +
      ` ${figures.rawKb.toFixed(1)} KB raw, ${figures.gzipKb.toFixed(1)} KB gzipped, ${figures.sentKb.toFixed(1)} KB sent`,
  );
}

const TOOL_PAGE = 'pdf-to-jpg';

/** The tool page with the build's page preloads and without them (a copy lacking the list), in turn. */
async function toolPageLanding(staticDir: string): Promise<void> {
  const withoutList = await mkdtemp(join(tmpdir(), 'docstudio-bench-studio-no-preloads-'));
  try {
    await cp(staticDir, withoutList, {
      recursive: true,
      filter: (source) => !source.includes('page-preloads.json'),
    });
    const without = await measure(withoutList, TOOL_PAGE);
    const withLink = await measure(staticDir, TOOL_PAGE);
    console.log(`/${TOOL_PAGE}, landed on:`);
    print('no Link', without);
    print('Link', withLink);
    console.log(`ratio LCP (Link / no Link): ${(withLink.lcpMs / without.lcpMs).toFixed(2)}`);
  } finally {
    await rm(withoutList, { recursive: true, force: true });
  }
}

export default async function landingBench(): Promise<void> {
  const staticDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-studio-'));
  try {
    execFileSync('npx', ['vite', 'build', '-c', 'vite.config.ts', '--outDir', staticDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'ignore',
    });
    execFileSync('npm', ['run', 'build', '--workspace', '@docstudio/server'], { cwd: root, stdio: 'ignore' });
    const current = await measure(staticDir);
    const baselineDir = process.env.LANDING_BASELINE_DIR;
    if (baselineDir) {
      const baseline = await measure(baselineDir);
      print('baseline', baseline);
      print('this build', current);
      console.log(
        `ratio (this / baseline): gzipped first load ${(current.gzipKb / baseline.gzipKb).toFixed(2)},` +
          ` TBT ${(current.tbtMs / Math.max(baseline.tbtMs, 1)).toFixed(2)}, LCP ${(current.lcpMs / baseline.lcpMs).toFixed(2)}`,
      );
    } else {
      print('this build', current);
      console.log(`ratio gzipped / raw first load: ${(current.gzipKb / current.rawKb).toFixed(2)}`);
    }
    console.log(`goal: performance score >= 95 (mobile) — ${current.score >= 95 ? 'met' : 'NOT met'}`);
    reportGoal({ name: 'Lighthouse mobile on /', value: current.score, atLeast: 95, digits: 0 });
    await toolPageLanding(staticDir);
  } finally {
    await rm(staticDir, { recursive: true, force: true });
  }
}
