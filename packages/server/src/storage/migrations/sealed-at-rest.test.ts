/**
 * Migration 0002 on a database written before it (only 0001 applied, names, answers and workflow
 * passwords in clear): after the server starts, they are sealed, no longer in the raw database bytes,
 * and still work: the file downloads under its name, the job answer reads, the workflow runs with its
 * password.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { databaseFilesHolding } from '../../testing/database-bytes';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { sqliteDialect } from '../database';
import { createEncryptStream } from '../encryption';
import * as initial from './0001-initial';

const KEY = randomBytes(32);
const OWNER = 'user_legacy-owner-0001';
const FILE_ID = 'LegacyFileId0123456789ab';
const FILE_NAME = 'Legacy-Client-Name-Contract-2291.txt';
const JOB_ID = 'LegacyJobId0123456789abc';
const WORKFLOW_ID = '6f1c2a34-0000-4000-8000-00000000c0de';
const PASSWORD = 'Legacy-Vault-Key-6604';

let dataDir: string;
let server: TestServer;
let token: string;

/** A data folder as the server left it before migration 0002. */
async function legacyDataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docstudio-legacy-'));
  // biome-ignore lint/suspicious/noExplicitAny: the schema as it was, not the current type
  const db = new Kysely<any>({ dialect: sqliteDialect(dir) });
  const migrated = await new Migrator({
    db,
    provider: { getMigrations: async () => ({ '0001-initial': initial }) },
  }).migrateToLatest();
  if (migrated.error) throw migrated.error;
  const now = new Date();
  const later = new Date(now.getTime() + 3_600_000).toISOString();
  await mkdir(join(dir, 'files'), { recursive: true });
  await pipeline(
    Readable.from([Buffer.from('legacy contents')]),
    createEncryptStream(KEY),
    createWriteStream(join(dir, 'files', `${FILE_ID}.enc`)),
  );
  await db
    .insertInto('files')
    .values({
      id: FILE_ID,
      owner_id: OWNER,
      file_name: FILE_NAME,
      ext: 'txt',
      size: 15,
      kind: 'upload',
      created_at: now.toISOString(),
      expires_at: later,
    })
    .execute();
  await db
    .insertInto('jobs')
    .values({
      id: JOB_ID,
      owner_id: OWNER,
      endpoint: 'pdf/to/rotate',
      status: 'succeeded',
      result: JSON.stringify({ ConversionCost: 1, ConversionTime: 1, Files: [{ FileName: FILE_NAME }] }),
      error: null,
      created_at: now.toISOString(),
      finished_at: now.toISOString(),
    })
    .execute();
  await db
    .insertInto('workflows')
    .values({
      id: WORKFLOW_ID,
      owner_id: OWNER,
      title: 'Legacy lock',
      steps: JSON.stringify([
        { Order: 1, Endpoint: 'pdf/to/protect', Parameters: { UserPassword: PASSWORD }, OnError: 'stop' },
      ]),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await db.destroy();
  return dir;
}

beforeAll(async () => {
  dataDir = await legacyDataFolder();
  expect(await databaseFilesHolding(dataDir, PASSWORD)).not.toEqual([]);
  expect(await databaseFilesHolding(dataDir, FILE_NAME)).not.toEqual([]);
  server = await startTestServer({ dataDir, storageKeyHex: KEY.toString('hex') });
  token = await server.app.docstudio.tokens.issue({ id: OWNER, anonymous: false });
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const asOwner = (path: string, init: RequestInit = {}) =>
  fetch(`${server.apiUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });

describe('migration 0002-sealed-at-rest', () => {
  it('leaves no clear name, answer or password in the database', async () => {
    expect(await databaseFilesHolding(dataDir, PASSWORD)).toEqual([]);
    expect(await databaseFilesHolding(dataDir, FILE_NAME)).toEqual([]);
  });

  it('keeps the file, its name and the job answer readable', async () => {
    const download = await fetch(`${server.apiUrl}/d/${FILE_ID}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('legacy contents');
    expect(download.headers.get('content-disposition')).toContain(FILE_NAME);
    const job = await asOwner(`/job/${JOB_ID}`);
    expect(((await job.json()) as { Files: Array<{ FileName: string }> }).Files[0]?.FileName).toBe(FILE_NAME);
  });

  it('answers the workflow password as a marker and runs with it', async () => {
    const read = await asOwner(`/workflows/get/${WORKFLOW_ID}`);
    const text = await read.text();
    expect(text).not.toContain(PASSWORD);
    expect(JSON.parse(text).Steps[0].Parameters).toEqual({ UserPassword: { Set: true, Step: 1 } });

    const form = new FormData();
    form.append('File', new Blob([await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`)]), 'crazyones.pdf');
    const started = await asOwner(`/workflows/run/${WORKFLOW_ID}`, { method: 'POST', body: form });
    expect(started.status).toBe(202);
    const { JobId } = (await started.json()) as { JobId: string };
    let job: Response;
    do job = await asOwner(`/job/${JobId}`);
    while (job.status === 202);
    expect(job.status).toBe(200);
    const { Files } = (await job.json()) as { Files: Array<{ Url: string }> };
    const pdf = join(dataDir, 'result.pdf');
    await pipeline(
      Readable.from([Buffer.from(await (await fetch(Files[0]?.Url ?? '')).arrayBuffer())]),
      createWriteStream(pdf),
    );
    expect(spawnSync('qpdf', ['--requires-password', pdf]).status).toBe(0);
    expect(spawnSync('qpdf', [`--password=${PASSWORD}`, '--check', pdf]).status).toBe(0);
  }, 120_000);
});
