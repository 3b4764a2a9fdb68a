/**
 * The compiled server (packages/server/build.mjs → packages/server/dist), built as `npm start` builds
 * it and started as the `docstudio-server` bin with bare Node: it finds its engines and converts
 * through qpdf, through the MuPDF worker threads (started from dist/task-worker.js) and through
 * LibreOffice (its UNO bridge copied into dist/), with no TypeScript loader in the process or in any
 * compiled file.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jemallocLibrary, SEMI_SPACE_MB } from '../packages/server/memory.mjs';
import { IDLE_BEFORE_COLLECTION_MS } from '../packages/server/src/engines/idle-collection';
import { CORPUS_DIR, MERGE_SET } from '../packages/server/src/testing/corpus';
import { parseMetrics, sampleValue } from '../packages/server/src/testing/metrics-text';
import { listedImages, pageCount, pageRotations, pageText } from '../packages/server/src/testing/pdf-tools';
import { listProcesses, processesWith } from '../packages/server/src/testing/process-tree';
import {
  COMPILED_MAIN,
  type ServerProcess,
  startServerProcess,
} from '../packages/server/src/testing/server-process';

const exec = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../packages/server', import.meta.url));
const DIST = join(PACKAGE_DIR, 'dist');
const FOUR_PAGES = `${CORPUS_DIR}/pdf/pdflatex-4-pages.pdf`;

/** An import of tsx or esbuild in any form: `from "tsx"`, `import("tsx/esm/api")`, `require('esbuild')`. */
const BUILD_TOOL_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](?:tsx|esbuild)(?:\/[^"']*)?["']/;

let server: ServerProcess;
let dataDir: string;
let outDir: string;

beforeAll(async () => {
  await exec('npm', ['run', 'build', '--workspace', '@docstudio/server'], {
    cwd: join(PACKAGE_DIR, '../..'),
  });
  dataDir = await mkdtemp(join(tmpdir(), 'docstudio-compiled-'));
  outDir = await mkdtemp(join(tmpdir(), 'docstudio-compiled-out-'));
  server = await startServerProcess(dataDir, {}, { compiled: true });
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
}, 60_000);

async function convert(endpoint: string, file: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('File', new Blob([await readFile(file)]), basename(file));
  const response = await fetch(`${server.apiUrl}/convert/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.token()}` },
    body: form,
  });
  const body = (await response.json()) as { Files?: Array<{ FileName: string; Url: string }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.Files ?? [];
}

/** A sample of the compiled server's /metrics, read as a scraper would (undefined when missing). */
async function metric(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await (await fetch(`${server.apiUrl}/metrics`)).text();
  return sampleValue(parseMetrics(text), name, labels);
}

/** The main thread's full collections so far; a missing count reads NaN, which no comparison passes. */
const majorCollections = async (): Promise<number> =>
  (await metric('nodejs_gc_duration_seconds_count', { kind: 'major' })) ?? Number.NaN;

async function download(url: string, name: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const path = join(outDir, name);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

describe('the compiled server', () => {
  it('ships its bin as compiled JavaScript, with no TypeScript loader or bundler to run', async () => {
    const manifest = JSON.parse(await readFile(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(join(PACKAGE_DIR, manifest.bin['docstudio-server'] ?? '')).toBe(COMPILED_MAIN);
    expect((await readFile(COMPILED_MAIN, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(Object.keys(manifest.dependencies)).not.toContain('esbuild');

    const scripts = (await readdir(DIST)).filter((name) => name.endsWith('.js'));
    expect(scripts).toEqual(expect.arrayContaining(['main.js', 'index.js', 'task-worker.js']));
    for (const name of scripts) {
      const source = await readFile(join(DIST, name), 'utf8');
      expect(BUILD_TOOL_IMPORT.exec(source)?.[0], name).toBeUndefined();
      expect(source, name).toMatch(new RegExp(`//# sourceMappingURL=${name}\\.map\\n?$`));
    }
  });

  it("maps a stack trace to the TypeScript files under --enable-source-maps, from maps without the sources' text", async () => {
    const maps = (await readdir(DIST)).filter((name) => name.endsWith('.js.map'));
    for (const name of maps) {
      const map = JSON.parse(await readFile(join(DIST, name), 'utf8')) as { sourcesContent?: unknown };
      expect(map.sourcesContent, name).toBeUndefined();
    }
    const script = `import { loadConfigFromEnv } from ${JSON.stringify(join(DIST, 'index.js'))};
      try { loadConfigFromEnv({ ROLE: 'nobody' }); } catch (error) { console.log(error.stack); }`;
    const { stdout } = await exec(process.execPath, [
      '--enable-source-maps',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(stdout).toMatch(/ROLE must be api, worker or all/);
    expect(stdout).toMatch(/packages\/server\/src\/config\/cluster-from-env\.ts:\d+:\d+/);
    expect(stdout).not.toMatch(/dist\/chunk-[\w-]+\.js:\d+/);
  });

  it('runs as `node dist/main.js`, without --import tsx in its command line or NODE_OPTIONS', async () => {
    const commandLine = (await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    expect(commandLine).toEqual([process.execPath, COMPILED_MAIN]);
    const environment = (await readFile(`/proc/${server.pid}/environ`, 'utf8')).split('\0');
    const nodeOptions = environment.find((entry) => entry.startsWith('NODE_OPTIONS=')) ?? '';
    expect(nodeOptions).not.toMatch(/tsx/);
  });

  it('lists every engine, found with its version, in /api/healthz', async () => {
    const response = await fetch(`${server.apiUrl}/healthz`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as {
      engines: Record<string, { found: boolean; version?: string }>;
    };
    const engines = ['soffice', 'gs', 'qpdf', 'tesseract', 'ocrmypdf', 'chromium', 'pdftotext'];
    expect(Object.keys(health.engines).sort()).toEqual([...engines].sort());
    for (const name of engines) {
      expect(health.engines[name]?.found, name).toBe(true);
      expect(health.engines[name]?.version, name).toMatch(/\d/);
    }
  });

  it('serves the OpenAPI document generated from its route schemas at /api/openapi.json', async () => {
    const response = await fetch(`${server.apiUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/convert/pdf/to/rotate',
        '/d/{fileId}/{fileName}',
        '/healthz',
        '/openapi.json',
      ]),
    );
  });

  it('rotates a real PDF (qpdf)', async () => {
    const [file] = await convert('pdf/to/rotate', FOUR_PAGES, { RotatePage: '90', PageRange: '2-3' });
    const rotated = await download(file?.Url ?? '', 'rotated.pdf');
    expect(await pageRotations(rotated)).toEqual([0, 90, 90, 0]);
  });

  it('starts its engines through the spawner copied into dist/, with bare Node', async () => {
    await convert('pdf/to/rotate', FOUR_PAGES, { RotatePage: '90' });
    const spawners = processesWith('spawner-child.mjs').filter((p) => p.ppid === server.pid);
    expect(spawners.map((p) => p.cmdline)).toEqual([
      `${process.execPath} --max-old-space-size=32 ${join(DIST, 'spawner-child.mjs')}`,
    ]);
  });

  it('renders every page to JPG in the MuPDF worker threads started from dist/task-worker.js', async () => {
    const files = await convert('pdf/to/jpg', FOUR_PAGES, { Dpi: '150' });
    expect(files.map((file) => file.FileName)).toEqual(
      [1, 2, 3, 4].map((page) => `pdflatex-4-pages-${page}.jpg`),
    );
    const { stdout } = await exec('pdfinfo', [FOUR_PAGES]);
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout) ?? [];
    for (const [index, file] of files.entries()) {
      const image = await sharp(await download(file.Url, `page-${index + 1}.jpg`)).metadata();
      expect(image.format).toBe('jpeg');
      // 150 dpi: 150 pixels per 72 PDF points
      expect(Math.abs((image.width ?? 0) - (Number(width) * 150) / 72)).toBeLessThanOrEqual(1);
      expect(Math.abs((image.height ?? 0) - (Number(height) * 150) / 72)).toBeLessThanOrEqual(1);
    }
  });

  it('converts a spreadsheet to PDF through LibreOffice and the UNO bridge beside the chunks', async () => {
    const [file] = await convert('office/to/pdf', `${CORPUS_DIR}/office/temperature-table.xlsx`);
    const pdf = await download(file?.Url ?? '', 'table.pdf');
    expect(await pageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(await pageText(pdf, 1)).toMatch(/fahrenheit/);
  });

  it('converts through the modules it loads on first use: images to PDF and PDF to Word', async () => {
    const [pdfFile] = await convert('images/to/pdf', `${CORPUS_DIR}/images/pil123rgba.png`);
    const pdf = await download(pdfFile?.Url ?? '', 'image.pdf');
    expect(await pageCount(pdf)).toBe(1);
    expect((await listedImages(pdf)).length).toBeGreaterThanOrEqual(1);

    const [wordFile] = await convert('pdf/to/docx', FOUR_PAGES);
    const word = await download(wordFile?.Url ?? '', 'four-pages.docx');
    const { stdout: body } = await exec('unzip', ['-p', word, 'word/document.xml'], { maxBuffer: 1 << 26 });
    expect(body).toContain('Hello, here is some text without a meaning.');
  });

  it('runs on jemalloc as npm start launches it, and leaves its engines their own allocator and V8 options', async () => {
    const library = jemallocLibrary();
    expect(library, 'libjemalloc2 (scripts/install-engines.sh)').toBeDefined();
    const mapped = (pid: number): Promise<boolean> =>
      readFile(`/proc/${pid}/maps`, 'utf8').then(
        (maps) => maps.includes('libjemalloc'),
        () => false, // exited meanwhile
      );
    expect(await mapped(server.pid)).toBe(true);
    // with its purging thread (JEMALLOC_CONF), which gives freed pages back while the server idles
    const threads = await readdir(`/proc/${server.pid}/task`);
    const names = await Promise.all(
      threads.map((id) => readFile(`/proc/${server.pid}/task/${id}/comm`, 'utf8')),
    );
    expect(names.filter((name) => name.trim() === 'jemalloc_bg_thd')).toHaveLength(1);
    // LibreOffice (warm since the spreadsheet above), the spawner and the MuPDF threads' engines
    await convert('office/to/pdf', `${CORPUS_DIR}/office/temperature-table.xlsx`);
    const all = listProcesses();
    const below = (pid: number): number[] =>
      all.filter((p) => p.ppid === pid).flatMap((p) => [p.pid, ...below(p.pid)]);
    const engines = below(server.pid);
    expect(engines.length).toBeGreaterThanOrEqual(2);
    for (const pid of engines) {
      const name = all.find((p) => p.pid === pid)?.cmdline.slice(0, 60);
      expect(await mapped(pid), name).toBe(false);
      const environment = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
      const entries = environment.split('\0');
      expect(
        entries.some((entry) => entry.startsWith('LD_PRELOAD=') || entry.startsWith('MALLOC_CONF=')),
        name,
      ).toBe(false);
      // nor the server's V8 options (the spawner's Node starts with them emptied)
      expect(entries.find((entry) => entry.startsWith('NODE_OPTIONS=')) ?? 'NODE_OPTIONS=', name).toBe(
        'NODE_OPTIONS=',
      );
    }
  });

  it('keeps its young generation at the semi-space size npm start gives it, after conversions', async () => {
    // run by now: qpdf, MuPDF, LibreOffice, images, PDF to Word; V8 would have grown Node's default
    // 16 MB semi-spaces to 2 × 16 MB of new space by now
    const newSpace = await metric('nodejs_heap_space_size_total_bytes', { space: 'new' });
    expect(newSpace).toBeGreaterThan(0);
    expect(newSpace).toBeLessThanOrEqual(2 * SEMI_SPACE_MB * 1024 * 1024);
  });

  it('leaves its old generation room for the buffers of a burst of jobs (HEAP_GROWING_PERCENT)', async () => {
    // the benches' 50-file merge: about 15 MB of uploads, engine output and encrypted results on the
    // main thread per merge
    const parts = await Promise.all(MERGE_SET.map((source) => readFile(source)));
    const merge = async () => {
      const form = new FormData();
      for (let index = 0; index < 50; index += 1)
        form.set(`Files[${index}]`, new Blob([parts[index % parts.length] ?? '']), `part-${index}.pdf`);
      const response = await fetch(`${server.apiUrl}/convert/pdf/to/merge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await server.token()}` },
        body: form,
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    await merge();
    // the idle collection after it comes first, so the burst starts on a collected heap
    await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_COLLECTION_MS.mainThread + 500));
    const before = await majorCollections();
    for (let run = 0; run < 8; run += 1) await merge();
    // V8's own headroom (about 1.5× what survives) ran 4 to 9 full collections in these 8 merges
    expect(await majorCollections()).toBeLessThanOrEqual(before + 2);
  });

  it("collects its main thread's garbage once its last request has ended, as main.ts has it do", async () => {
    // a 1.8 MB book through the upload grows the main thread's heap and buffers past the 2 MB that
    // make an idle collection worth its time
    await convert('pdf/to/rotate', `${CORPUS_DIR}/pdf/GeoTopo-komprimiert.pdf`, { RotatePage: '90' });
    const right = await majorCollections();
    // V8 alone collects an idle heap only 8 s or more after its last collection
    await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_COLLECTION_MS.mainThread + 500));
    expect(await majorCollections()).toBeGreaterThan(right);
  });

  it('is not ready while dist/task-worker.js is missing (the MuPDF worker threads cannot start)', async () => {
    const readyz = async () => {
      const answer = await fetch(`${server.apiUrl}/readyz`);
      return { status: answer.status, body: (await answer.json()) as { down?: string[] } };
    };
    expect((await readyz()).status).toBe(200);
    const entry = join(DIST, 'task-worker.js');
    await rename(entry, `${entry}.away`);
    try {
      expect(await readyz()).toMatchObject({ status: 503, body: { down: ['mupdf'] } });
    } finally {
      await rename(`${entry}.away`, entry);
    }
    expect((await readyz()).status).toBe(200);
  });
});
