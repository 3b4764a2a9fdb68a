/**
 * The cluster as a deployment runs it, all real: Redis, PostgreSQL, two API nodes (ROLE=api) and two
 * workers (ROLE=worker) started from the compiled server, sharing the database, the storage key and
 * Redis. Any node answers for any job or file; a worker killed mid-job loses no job and leaves no
 * plaintext; an API node killed after accepting a job loses nothing; rate limits are the cluster's.
 * A Redis or PostgreSQL that cannot start fails these tests, never skips them.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workRootDir } from '../../storage/work-dir';
import { convert, download, jobWhenEnded, newToken, upload } from '../../testing/cluster-client';
import { CORPUS_DIR } from '../../testing/corpus';
import { type LocalCluster, startLocalCluster } from '../../testing/local-cluster';
import { pageCount, pageRotations, run } from '../../testing/pdf-tools';
import type { ServerProcess } from '../../testing/server-process';
import { writeSlowToRenderPdf } from '../../testing/slow-render-pdf';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
/** The test's own files (removed after): the slow PDF and the results it checks. */
const scratch = join(tmpdir(), `docstudio-cluster-test-${process.pid}`);
const slowPage = join(scratch, 'slow-page.pdf');
const slowPdf = join(scratch, 'slow.pdf');
const SLOW_PAGES = 4;
const RATE_LIMIT = 6;

let cluster: LocalCluster;
let nextAddress = 10;
/** A client address of its own for each use, so tests do not share rate-limit buckets. */
const address = (): string => `198.51.100.${nextAddress++}`;

const tokenFrom = async (apiUrl: string, ip: string): Promise<string> => {
  const answer = await newToken(apiUrl, ip);
  expect(answer.status).toBe(200);
  return answer.body.token as string;
};

/** Plaintext work folders of a server process (their names carry its pid). */
const workFoldersOf = async (pid: number): Promise<string[]> =>
  (await readdir(workRootDir())).filter((name) => name.startsWith(`docstudio-job-${pid}.`));

const conversionsCounted = async (node: ServerProcess, endpoint: string): Promise<number> => {
  const text = await (await fetch(`${node.apiUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .filter((row) => row.startsWith('docstudio_conversions_total') && row.includes(`"${endpoint}"`));
  return line.reduce((sum, row) => sum + Number(row.split(' ').pop()), 0);
};

beforeAll(async () => {
  // Pages that each take MuPDF a second or more: long enough to kill a worker under the job.
  await mkdir(scratch, { recursive: true });
  await writeSlowToRenderPdf(slowPage);
  await run('qpdf', ['--empty', '--pages', ...Array(SLOW_PAGES).fill(slowPage), '--', slowPdf]);
  expect(await pageCount(slowPdf)).toBe(SLOW_PAGES);
  cluster = await startLocalCluster({
    apiNodes: 2,
    workers: 2,
    env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUST_PROXY: 'loopback' },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('a cluster of two API nodes and two workers', () => {
  it('converts a file uploaded through API node 1 on a worker, and API node 2 serves the result', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const ip = address();
    const token = await tokenFrom(node1.apiUrl, ip);
    const uploaded = await upload(node1.apiUrl, crazyones, token, ip);
    expect(uploaded.status).toBe(200);
    const answer = await convert(
      node1.apiUrl,
      'pdf/to/rotate',
      { RotatePage: '90' },
      { fileId: uploaded.body.FileId },
      token,
      ip,
    );
    expect(answer.status).toBe(200);
    const result = answer.body.Files[0];
    const fromNode2 = await download(`${node2.apiUrl}/d/${result.FileId}/${result.FileName}`);
    expect(fromNode2.status).toBe(200);
    const path = join(scratch, 'rotated.pdf');
    await writeFile(path, fromNode2.bytes);
    expect(await pageRotations(path)).toEqual([90]);
    // A worker converted it: the API nodes have no engines at work.
    const byWorkers = await Promise.all(
      cluster.workers.map((node) => conversionsCounted(node, 'pdf/to/rotate')),
    );
    const byApis = await Promise.all(cluster.apis.map((node) => conversionsCounted(node, 'pdf/to/rotate')));
    expect(byWorkers.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(byApis).toEqual([0, 0]);
  });

  it('answers an Async job started on API node 1 when API node 2 is asked', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const ip = address();
    const token = await tokenFrom(node1.apiUrl, ip);
    const started = await convert(
      node1.apiUrl,
      'pdf/to/rotate',
      { RotatePage: '180', Async: 'true' },
      { path: crazyones },
      token,
      ip,
    );
    expect(started.status).toBe(202);
    const ended = await jobWhenEnded(node2.apiUrl, started.body.JobId, token);
    expect(ended.status).toBe(200);
    const result = ended.body.Files[0];
    const file = await download(`${node2.apiUrl}/d/${result.FileId}/${result.FileName}`);
    const path = join(scratch, 'async.pdf');
    await writeFile(path, file.bytes);
    expect(await pageRotations(path)).toEqual([180]);
  });

  it('holds the rate limit across API nodes: the requests of one client add up on every node', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let request = 0; request < RATE_LIMIT + 1; request += 1) {
      const node = cluster.apis[request % 2] as ServerProcess;
      statuses.push((await newToken(node.apiUrl, ip)).status);
    }
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    const refused = await newToken((cluster.apis[RATE_LIMIT % 2] as ServerProcess).apiUrl, ip);
    expect(statuses[RATE_LIMIT]).toBe(429);
    expect(refused.status).toBe(429);
    expect(refused.body.Code).toBe(4291);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('finishes a job whose worker is killed (kill -9) on the other worker, and leaves no plaintext behind', async () => {
    const node1 = cluster.apis[0] as ServerProcess;
    const ip = address();
    const token = await tokenFrom(node1.apiUrl, ip);
    const pending = convert(node1.apiUrl, 'pdf/to/jpg', { Dpi: '150' }, { path: slowPdf }, token, ip);
    // The worker that took it is the one with a work folder.
    let victim: ServerProcess | undefined;
    for (let look = 0; look < 400 && !victim; look += 1) {
      for (const worker of cluster.workers) if ((await workFoldersOf(worker.pid)).length > 0) victim = worker;
      if (!victim) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(victim).toBeDefined();
    const killed = victim as ServerProcess;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const answer = await pending;
    // Either the other worker did it, or the job failed with its Code: never a hang.
    if (answer.status === 200) {
      expect(answer.body.Files).toHaveLength(SLOW_PAGES);
      const image = await download(`${node1.apiUrl}/d/${answer.body.Files[0].FileId}/page.jpg`);
      expect(image.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    } else {
      expect(answer.status).toBe(503);
      expect(answer.body.Code).toBe(5001);
    }
    // The surviving worker shredded the dead run's plaintext folder before it started the job again.
    expect(await workFoldersOf(killed.pid)).toEqual([]);
    cluster.workers = [
      ...cluster.workers.filter((worker) => worker !== killed),
      await cluster.startNode('worker'),
    ];
  }, 300_000);

  it('loses no accepted job when the API node that took it is killed and another comes up', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const ip = address();
    const token = await tokenFrom(node1.apiUrl, ip);
    const started = await convert(
      node1.apiUrl,
      'pdf/to/jpg',
      { Dpi: '150', Async: 'true' },
      { path: slowPdf },
      token,
      ip,
    );
    expect(started.status).toBe(202);
    node1.child.kill('SIGKILL');
    await node1.exited;
    const restarted = await cluster.startNode('api');
    cluster.apis = [restarted, node2];
    const ended = await jobWhenEnded(restarted.apiUrl, started.body.JobId, token);
    expect(ended.status).toBe(200);
    const result = ended.body.Files[0];
    const image = await download(`${node2.apiUrl}/d/${result.FileId}/${result.FileName}`);
    expect(image.status).toBe(200);
    expect(image.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(ended.body.Files).toHaveLength(SLOW_PAGES);
  }, 300_000);

  it('fails an Async job whose workers die twice with no API node waiting, with its Code, and shreds both runs', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const ip = address();
    const token = await tokenFrom(node1.apiUrl, ip);
    const started = await convert(
      node1.apiUrl,
      'pdf/to/jpg',
      { Dpi: '150', Async: 'true' },
      { path: slowPdf },
      token,
      ip,
    );
    expect(started.status).toBe(202);
    // Nobody waits for the job's answer any more: only the record tells its end.
    node1.child.kill('SIGKILL');
    await node1.exited;
    const killed: ServerProcess[] = [];
    for (const _run of [1, 2]) {
      const victim = await workerRunningAJob(cluster.workers.filter((worker) => !killed.includes(worker)));
      victim.child.kill('SIGKILL');
      await victim.exited;
      killed.push(victim);
    }
    // Both workers are dead: the new ones find the job stalled a second time.
    cluster.workers = await Promise.all([cluster.startNode('worker'), cluster.startNode('worker')]);
    cluster.apis = [node2, await cluster.startNode('api')];
    const ended = await jobWhenEnded(node2.apiUrl, started.body.JobId, token);
    expect(ended.status).toBe(503);
    expect(ended.body.Code).toBe(5001);
    expect(ended.body.Message).toMatch(/stopped/);
    for (const worker of killed) expect(await workFoldersOf(worker.pid)).toEqual([]);
  }, 300_000);
});

/** The first of `workers` seen with a plaintext work folder (running a job), within 60 s. */
async function workerRunningAJob(workers: ServerProcess[]): Promise<ServerProcess> {
  for (let look = 0; look < 1200; look += 1) {
    for (const worker of workers) if ((await workFoldersOf(worker.pid)).length > 0) return worker;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('No worker started the job within 60 s.');
}
