/**
 * POST /api/workflows/run/{id} over real HTTP with the real converter table: stored workflows run as
 * one Async job, each step fed the previous step's stored results; checked with qpdf.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestAnswerBody, type TestServer } from '../testing/test-server';

const corpus = `${CORPUS_DIR}/pdf`;
const fourPages = `${corpus}/pdflatex-4-pages.pdf`;

let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  // Workflows are a signed-in account's: every request of this file sends its token.
  await server.signIn();
  scratch = await mkdtemp(join(tmpdir(), 'workflow-run-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

async function createWorkflow(
  steps: Array<{ endpoint: string; parameters?: Record<string, string>; onError?: string }>,
  token?: string,
): Promise<string> {
  const answer = await server.request('/api/workflows/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      name: 'Run test',
      steps: steps.map((step, index) => ({ order: index + 1, parameters: {}, onError: 'stop', ...step })),
    }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { Id: string }).Id;
}

/** Starts a run with `File` as an upload (a path) or a FileId (urlencoded). */
async function startRun(id: string, file: { path?: string; fileId?: string }, token?: string) {
  let body: FormData | URLSearchParams;
  if (file.path) {
    body = new FormData();
    body.append('File', new Blob([await readFile(file.path)]), file.path.split('/').pop());
  } else body = new URLSearchParams({ File: file.fileId ?? '' });
  const answer = await server.request(`/api/workflows/run/${id}`, {
    method: 'POST',
    body,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: answer.status, body: (await answer.json()) as TestAnswerBody };
}

async function waitForJob(jobId: string): Promise<{ status: number; body: TestAnswerBody }> {
  const until = Date.now() + 120_000;
  for (;;) {
    const answer = await server.request(`/api/job/${jobId}`);
    const body = (await answer.json()) as TestAnswerBody;
    if (answer.status !== 202 || Date.now() > until) return { status: answer.status, body };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const qpdfJson = (path: string, password?: string) =>
  JSON.parse(
    execFileSync('qpdf', [...(password ? [`--password=${password}`] : []), '--json', path], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as {
    pages: Array<{ object: string }>;
    objects?: Record<string, unknown>;
    qpdf?: [unknown, Record<string, { value?: { '/Rotate'?: number } }>];
  };

/** /Rotate of every page (qpdf JSON v2). */
function rotations(path: string, password?: string): number[] {
  const json = qpdfJson(path, password);
  const objects = json.qpdf?.[1] ?? {};
  return json.pages.map((page) => objects[`obj:${page.object}`]?.value?.['/Rotate'] ?? 0);
}

const pageCount = (path: string, password?: string): number =>
  Number(
    execFileSync('qpdf', [...(password ? [`--password=${password}`] : []), '--show-npages', path], {
      encoding: 'utf8',
    }).trim(),
  );

describe('POST /api/workflows/run/{id}', () => {
  it('rotates then protects an uploaded PDF as one job', async () => {
    const id = await createWorkflow([
      { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
      { endpoint: 'pdf/to/protect', parameters: { UserPassword: 'open-sesame-42' } },
    ]);
    const started = await startRun(id, { path: fourPages });
    expect(started.status).toBe(202);
    expect(started.body.JobId).toMatch(/^[\w-]{20,}$/);

    const done = await waitForJob(started.body.JobId ?? '');
    expect(done.status).toBe(200);
    expect(done.body.Steps).toEqual([
      expect.objectContaining({ Order: 1, Endpoint: 'pdf/to/rotate', Status: 'Completed' }),
      expect.objectContaining({ Order: 2, Endpoint: 'pdf/to/protect', Status: 'Completed' }),
    ]);
    expect(done.body.ConversionCost).toBe(2);
    const [file] = done.body.Files ?? [];
    expect(file?.Url).toMatch(new RegExp(`^${server.apiUrl}/d/`));
    const path = await server.saveResult(file as NonNullable<typeof file>, scratch);
    // qpdf --requires-password exits 0 when a password is required.
    expect(spawnSync('qpdf', ['--requires-password', path]).status).toBe(0);
    expect(pageCount(path, 'open-sesame-42')).toBe(4);
    expect(rotations(path, 'open-sesame-42')).toEqual([90, 90, 90, 90]);
  }, 180_000);

  it('takes a FileId, runs a single-file step once per file after a split, and keeps no intermediate files', async () => {
    const FileId = await server.upload(await readFile(fourPages), 'four.pdf', 'application/pdf');
    const id = await createWorkflow([
      { endpoint: 'pdf/to/split', parameters: { SplitByPattern: '1' } },
      { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '180' } },
    ]);
    const storedIds = async () =>
      (await server.app.docstudio.db.selectFrom('files').select('id').execute()).map((row) => row.id);
    const before = new Set(await storedIds());
    expect(before.has(FileId)).toBe(true);
    const started = await startRun(id, { fileId: FileId });
    expect(started.status).toBe(202);
    const done = await waitForJob(started.body.JobId ?? '');
    expect(done.status).toBe(200);
    const files = done.body.Files ?? [];
    expect(files).toHaveLength(4);
    expect(done.body.Steps?.[1]).toMatchObject({ Status: 'Completed', Conversions: 4 });
    for (const file of files) {
      const path = await server.saveResult(file, scratch);
      expect(pageCount(path)).toBe(1);
      expect(rotations(path)).toEqual([180]);
    }
    // New in the store: only the four results; the split's pages were deleted, the upload kept.
    const added = (await storedIds()).filter((fileId) => !before.has(fileId)).sort();
    expect(added).toEqual(files.map((file) => file.FileId ?? '').sort());
    expect(await server.app.docstudio.store.get(FileId)).toBeDefined();
  }, 180_000);

  it('stores "Step n failed" with the step error when a later step fails', async () => {
    const id = await createWorkflow([
      { endpoint: 'pdf/to/protect', parameters: { UserPassword: 'locked-up-42' } },
      { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
    ]);
    const started = await startRun(id, { path: `${corpus}/crazyones.pdf` });
    expect(started.status).toBe(202);
    const done = await waitForJob(started.body.JobId ?? '');
    expect(done.status).toBe(422);
    expect(done.body.Code).toBe(5003);
    expect(done.body.Message).toMatch(/^Step 2 failed: /);
  }, 120_000);

  it('answers 400 naming the step for bad stored parameters, 415 for a wrong input, 404 for another user', async () => {
    const id = await createWorkflow([
      { endpoint: 'pdf/to/compress' },
      { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '45' } },
    ]);
    const bad = await startRun(id, { path: fourPages });
    expect(bad.status).toBe(400);
    expect(bad.body.InvalidParameters?.['Steps[2].RotatePage']?.[0]).toMatch(/90, 180, 270/);

    const good = await createWorkflow([{ endpoint: 'pdf/to/compress' }]);
    const wrongType = await startRun(good, { path: `${CORPUS_DIR}/office/french.rtf` });
    expect(wrongType.status).toBe(415);

    // A later step's server fields are checked before the job starts too, not when the step is reached.
    const badFields = await createWorkflow([
      { endpoint: 'pdf/to/compress' },
      {
        endpoint: 'pdf/to/rotate',
        parameters: { RotatePage: '90', Timeout: '5', KeepActiveContent: 'maybe' },
      },
    ]);
    const refused = await startRun(badFields, { path: fourPages });
    expect(refused.status).toBe(400);
    expect(refused.body.JobId).toBeUndefined();
    expect(refused.body.InvalidParameters).toEqual({
      'Steps[2].Timeout': ['Timeout must be a whole number of seconds from 10 to 1200.'],
      'Steps[2].KeepActiveContent': ['KeepActiveContent must be true or false.'],
    });

    const foreign = await startRun(good, { path: fourPages }, await server.accountToken());
    expect(foreign.status).toBe(404);
  }, 60_000);
});
