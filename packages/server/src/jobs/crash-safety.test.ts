/**
 * Crash safety of the real server process: after a SIGKILL during jobs, the restart kills the dead
 * run's orphaned engines, removes its LibreOffice instances' pipe files from /tmp and shreds its
 * plaintext work folders and its engines' temporary folder before it serves; SIGTERM lets the jobs
 * in flight finish and exits 0.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_RUN_VARIABLE } from '../engines/orphaned-engines';
import { workRootDir } from '../storage/work-dir';
import { CORPUS_DIR } from '../testing/corpus';
import { listProcesses, unixSocketPathsOf } from '../testing/process-tree';
import { type ServerProcess, startServerProcess } from '../testing/server-process';

const SCAN = `${CORPUS_DIR}/pdf-scanned/multipage.pdf`;
const DOCX = `${CORPUS_DIR}/office/having-images.docx`;
const SHORT_PDF = `${CORPUS_DIR}/pdf/crazyones.pdf`;
const HTML = `${CORPUS_DIR}/html/acid2-reference.html`;

const folders: string[] = [];
/** Every server a test started: one that a failed test left running is stopped, its engines with it. */
const servers: ServerProcess[] = [];
afterAll(async () => {
  const running = servers.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  for (const server of running) server.child.kill('SIGTERM');
  await Promise.all(running.map((server) => server.exited));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function startServer(...args: Parameters<typeof startServerProcess>): Promise<ServerProcess> {
  const server = await startServerProcess(...args);
  servers.push(server);
  return server;
}

async function convert(
  server: ServerProcess,
  endpoint: string,
  path: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('File', new Blob([await readFile(path)]), basename(path));
  const response = await fetch(`${server.apiUrl}/convert/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.token()}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The folders of server process `pid`'s run on the work root, named `<kind><pid>.<start>-…`. */
async function runFoldersOf(kind: 'docstudio-job-' | 'docstudio-tmp-', pid: number): Promise<string[]> {
  return (await readdir(workRootDir())).filter((name) => name.startsWith(`${kind}${pid}.`));
}
/** The run's work folders. */
const workFoldersOf = (pid: number) => runFoldersOf('docstudio-job-', pid);
/** The run's folder for its engines' temporary files. */
const engineTempFoldersOf = (pid: number) => runFoldersOf('docstudio-tmp-', pid);

/** LibreOffice's own temporary folders (lu….tmp) inside the run's engine temporary folder. */
async function officeTempsOf(pid: number): Promise<string[]> {
  const [folder] = await engineTempFoldersOf(pid);
  if (!folder) return [];
  return (await readdir(join(workRootDir(), folder)).catch(() => [])).filter((name) => name.startsWith('lu'));
}

/** Engine processes tagged with the run of server process `pid`. */
async function enginesOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const process of listProcesses()) {
    if (process.state === 'Z') continue;
    try {
      const environ = await readFile(`/proc/${process.pid}/environ`, 'utf8');
      if (environ.split('\0').some((entry) => entry.startsWith(`${ENGINE_RUN_VARIABLE}=${pid}.`)))
        found.push(process.pid);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tempDataDir = async (): Promise<string> => {
  const folder = await mkdtemp(join(tmpdir(), 'docstudio-crash-'));
  folders.push(folder);
  return folder;
};

describe('crash safety of the server process', () => {
  it('a restart after SIGKILL kills the orphaned engines and shreds the work folders before serving', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    const jobs = [
      convert(first, 'pdf/to/ocr', SCAN),
      convert(first, 'pdf/to/ocr', SCAN),
      convert(first, 'office/to/pdf', DOCX),
      convert(first, 'office/to/pdf', DOCX),
    ].map((job) => job.catch(() => undefined));
    // the jobs are under way: their folders exist and engines run
    await waitFor(async () => (await workFoldersOf(first.pid)).length >= 2, 30_000);
    await waitFor(async () => (await enginesOf(first.pid)).length >= 1, 30_000);
    // LibreOffice keeps its temporary files (partial exports among them) in the run's folder on the
    // RAM-backed work root, not in the system's TMPDIR
    await waitFor(async () => (await officeTempsOf(first.pid)).length >= 1, 30_000);
    // the pipe files in /tmp of its LibreOffice instances (only their own server removed them), once
    // an instance listens on both
    const officePipesOf = (pid: number): string[] =>
      listProcesses()
        .filter((p) => p.comm === 'soffice.bin' && p.cmdline.includes(`docstudio_${pid}.`))
        .flatMap((p) => unixSocketPathsOf(p.pid).filter((path) => path.startsWith('/tmp/OSL_PIPE_')));
    await waitFor(async () => officePipesOf(first.pid).length >= 2, 30_000);
    const officePipes = officePipesOf(first.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(jobs);

    const leftFolders = await workFoldersOf(first.pid);
    const orphans = await enginesOf(first.pid);
    expect(leftFolders.length).toBeGreaterThan(0);
    expect(await engineTempFoldersOf(first.pid)).toHaveLength(1);

    const second = await startServer(dataDir);
    try {
      // startServerProcess resolves when the server prints that it listens: cleaning came first
      expect(await workFoldersOf(first.pid)).toEqual([]);
      expect(await engineTempFoldersOf(first.pid)).toEqual([]);
      expect(await enginesOf(first.pid)).toEqual([]);
      expect(officePipes.filter((path) => existsSync(path))).toEqual([]);
      expect(orphans.every((pid) => !listProcesses().some((p) => p.pid === pid && p.state !== 'Z'))).toBe(
        true,
      );
      const ready = await fetch(`${second.apiUrl}/readyz`);
      expect(ready.status).toBe(200);
      const next = await convert(second, 'pdf/to/rotate', SHORT_PDF, { RotatePage: '90' });
      expect(next.status).toBe(200);
      const office = await convert(second, 'office/to/pdf', DOCX);
      expect(office.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    // a clean stop leaves neither folders nor engines
    expect(await workFoldersOf(second.pid)).toEqual([]);
    expect(await engineTempFoldersOf(second.pid)).toEqual([]);
    await waitFor(async () => (await enginesOf(second.pid)).length === 0, 10_000);
  }, 180_000);

  it('SIGTERM lets the jobs in flight finish (Chromium included) and exits 0', async () => {
    // a grace far beyond the jobs' length: this test is about finishing, not about speed (a busy CI
    // machine can take more than the default 30 s for an OCR page)
    const server = await startServer(await tempDataDir(), { SHUTDOWN_GRACE_SECONDS: '150' });
    const jobs = [
      convert(server, 'pdf/to/ocr', SCAN),
      convert(server, 'html/to/pdf', HTML),
      convert(server, 'office/to/pdf', DOCX),
    ];
    await waitFor(async () => (await workFoldersOf(server.pid)).length >= 3, 30_000);
    server.child.kill('SIGTERM');
    const answers = await Promise.all(jobs);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await server.exited).toBe(0);
    expect(await workFoldersOf(server.pid)).toEqual([]);
    await waitFor(async () => (await enginesOf(server.pid)).length === 0, 10_000);
  }, 180_000);

  it('past SHUTDOWN_GRACE_SECONDS the jobs still running are cancelled with 503 and the server exits', async () => {
    const server = await startServer(await tempDataDir(), { SHUTDOWN_GRACE_SECONDS: '1' });
    const job = convert(server, 'pdf/to/ocr', SCAN);
    // the job's own work folder first: warm engines of the start-up alone could pass the engine
    // check before the request was even sent, and the signal would then refuse its connection
    await waitFor(
      async () => (await workFoldersOf(server.pid)).length >= 1 && (await enginesOf(server.pid)).length >= 1,
      30_000,
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const answer = await job;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ Code: 5030 });
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await workFoldersOf(server.pid)).toEqual([]);
  }, 120_000);
});
