/**
 * The account area over real HTTP: API keys made, listed, used with the real curl to convert a PDF
 * (checked with qpdf), kept only as a hash, refused once revoked; the password changed; the account
 * deleted with its files and workflows, its token and keys refused from then on.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFilesHolding } from '../testing/database-bytes';
import { corpusFile, pageCount, pageRotations, run } from '../testing/pdf-tools';
import { hiddenFields, SignInBrowser, signUp } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';

const exec = promisify(execFile);

let server: TestServer;
let workDir: string;

beforeAll(async () => {
  server = await startTestServer();
  workDir = await mkdtemp(join(tmpdir(), 'docstudio-account-'));
});
afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { Code?: number; Message?: string };
}

async function call(bearer: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.apiUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** POST convert/pdf/to/rotate with the real curl, as a script would. */
async function curlRotate(bearer: string): Promise<Answer> {
  const { stdout } = await exec('curl', [
    '--silent',
    '--show-error',
    '--write-out',
    '\n%{http_code}',
    '-H',
    `Authorization: Bearer ${bearer}`,
    '-F',
    `File=@${corpusFile('pdf/crazyones.pdf')}`,
    '-F',
    'RotatePage=90',
    `${server.apiUrl}/convert/pdf/to/rotate`,
  ]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
}

async function newAccount(): Promise<{ token: string; email: string; password: string }> {
  const email = `account-${Math.random().toString(36).slice(2)}@example.com`;
  const password = `pass-${Math.random().toString(36).slice(2)}`;
  return {
    token: await signUp(new SignInBrowser(server.baseUrl), server.baseUrl, email, password),
    email,
    password,
  };
}

async function signInStatus(email: string, password: string): Promise<number> {
  const browser = new SignInBrowser(server.baseUrl);
  const page = await browser.get('/a');
  const posted = await browser.post('/a/sign-in', { ...hiddenFields(await page.text()), email, password });
  return posted.status;
}

describe('API keys', () => {
  it('converts a PDF with curl, lists without the secret, stores only a hash and stops at revocation', async () => {
    const { token } = await newAccount();
    const made = await call(token, 'POST', 'account/keys', { Name: 'Nightly export' });
    expect(made.status).toBe(201);
    const secret = String(made.body.Key);
    expect(secret).toMatch(/^dsk_[\w-]{43}$/);
    expect(made.body).toMatchObject({
      Name: 'Nightly export',
      Prefix: secret.slice(0, 12),
      LastUsedAt: null,
    });

    const converted = await curlRotate(secret);
    expect(converted.status).toBe(200);
    const files = converted.body.Files as Array<{ FileName: string; Url: string }>;
    const saved = join(workDir, 'rotated.pdf');
    await writeFile(saved, await server.download(files[0]?.Url ?? ''));
    await run('qpdf', ['--check', saved]);
    expect(await pageCount(saved)).toBe(1);
    expect(await pageRotations(saved)).toEqual([90]);

    // Workflows take a key as the signed-in owner, never as an anonymous caller.
    const workflow = await call(token, 'POST', 'workflows/create', {
      Title: 'By key',
      Steps: [{ Order: 1, Endpoint: 'pdf/to/compress', Parameters: {}, OnError: 'stop' }],
    });
    const listed = await call(secret, 'GET', 'workflows/get-all');
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as Array<{ Id: string }>).map((row) => row.Id)).toEqual([
      workflow.body.Id,
    ]);

    const keys = await call(token, 'GET', 'account/keys');
    expect(keys.status).toBe(200);
    expect(JSON.stringify(keys.body)).not.toContain(secret);
    const [listedKey] = keys.body.Keys as Array<Record<string, unknown>>;
    expect(listedKey).toMatchObject({
      Id: made.body.Id,
      Name: 'Nightly export',
      Prefix: secret.slice(0, 12),
    });
    expect(Date.parse(String(listedKey?.LastUsedAt))).toBeGreaterThanOrEqual(
      Date.parse(String(made.body.CreatedAt)),
    );

    expect(await databaseFilesHolding(server.dataDir, secret)).toEqual([]);
    expect(await databaseFilesHolding(server.dataDir, secret.slice(12))).toEqual([]);
    const hash = createHash('sha256').update(secret).digest('hex');
    expect(await databaseFilesHolding(server.dataDir, hash)).not.toEqual([]);

    const revoked = await call(token, 'DELETE', `account/keys/${made.body.Id}`);
    expect(revoked).toEqual({ status: 200, body: { Revoked: true } });
    const refused = await curlRotate(secret);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      Code: 4013,
      Message: expect.stringContaining('API key has been revoked'),
    });
    expect((await call(secret, 'GET', 'workflows/get-all')).status).toBe(401);
    expect((await call(token, 'GET', 'account/keys')).body).toEqual({ Keys: [] });
  });

  it('cannot be revoked by another user, nor manage the account it belongs to', async () => {
    const [alice, mallory] = [await newAccount(), await newAccount()];
    const made = await call(alice.token, 'POST', 'account/keys', { Name: 'Portal' });
    const secret = String(made.body.Key);

    const stolen = await call(mallory.token, 'DELETE', `account/keys/${made.body.Id}`);
    expect(stolen.status).toBe(404);
    expect((await call(mallory.token, 'GET', 'account/keys')).body).toEqual({ Keys: [] });

    for (const [method, path, body] of [
      ['POST', 'account/keys', { Name: 'Another' }],
      ['DELETE', `account/keys/${made.body.Id}`, undefined],
      ['POST', 'account/password', { CurrentPassword: alice.password, NewPassword: 'x'.repeat(12) }],
      ['DELETE', 'account', undefined],
    ] as const) {
      const answer = await call(secret, method, path, body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        Code: 4010,
        Message: expect.stringContaining('An API key cannot manage the account'),
      });
    }
    expect((await curlRotate(secret)).status).toBe(200);
    expect((await call(alice.token, 'GET', 'account')).body).toMatchObject({ Email: alice.email });
  });

  it('refuses an anonymous token, an unknown key and a key without a name', async () => {
    const anonymous = await call(await server.anonymousToken(), 'GET', 'account/keys');
    expect(anonymous).toMatchObject({ status: 401, body: { Code: 4010 } });
    expect((await curlRotate(`dsk_${'A'.repeat(43)}`)).body).toEqual({
      Code: 4011,
      Message: 'The API key is not valid.',
    });
    const { token } = await newAccount();
    const unnamed = await call(token, 'POST', 'account/keys', { Name: '  ' });
    expect(unnamed).toMatchObject({
      status: 400,
      body: { Code: 4000, InvalidParameters: { Name: [expect.any(String)] } },
    });
  });
});

describe('password', () => {
  it('refuses a wrong current password and a short new one, then changes it', async () => {
    const account = await newAccount();
    const wrong = await call(account.token, 'POST', 'account/password', {
      CurrentPassword: 'not-my-password',
      NewPassword: 'a-new-password',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { Code: 4000, InvalidParameters: { CurrentPassword: ['The current password is not correct.'] } },
    });
    const short = await call(account.token, 'POST', 'account/password', {
      CurrentPassword: account.password,
      NewPassword: 'short',
    });
    expect(short.body.InvalidParameters).toEqual({
      NewPassword: ['Choose a password of 8 to 200 characters.'],
    });
    expect(await signInStatus(account.email, account.password)).toBe(303);

    const changed = await call(account.token, 'POST', 'account/password', {
      CurrentPassword: account.password,
      NewPassword: 'a-new-password',
    });
    expect(changed).toEqual({ status: 200, body: { Changed: true } });
    expect(await signInStatus(account.email, account.password)).toBe(401);
    expect(await signInStatus(account.email, 'a-new-password')).toBe(303);
  });
});

describe('delete account', () => {
  it('removes workflows, runs, jobs, files and keys; its token and keys stop working', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const key = String((await call(account.token, 'POST', 'account/keys', { Name: 'Gone soon' })).body.Key);
    const converted = await curlRotate(key);
    const resultUrl = (converted.body.Files as Array<{ Url: string }>)[0]?.Url ?? '';
    await call(account.token, 'POST', 'workflows/create', {
      Title: 'Mine',
      Steps: [{ Order: 1, Endpoint: 'pdf/to/compress', Parameters: {}, OnError: 'stop' }],
    });
    const kept = await curlRotate(other.token);
    const { db } = server.app.docstudio;
    const accountId = String((await call(account.token, 'GET', 'account')).body.Id);
    const countOf = async (table: 'files' | 'jobs' | 'workflows' | 'api_keys') =>
      (await db.selectFrom(table).select('id').where('owner_id', '=', accountId).execute()).length;
    expect(await countOf('files')).toBeGreaterThan(0);
    expect(await countOf('workflows')).toBe(1);

    expect(await call(account.token, 'DELETE', 'account')).toEqual({ status: 200, body: { Deleted: true } });

    for (const table of ['files', 'jobs', 'workflows', 'api_keys'] as const)
      expect(await countOf(table)).toBe(0);
    expect(await db.selectFrom('users').select('id').where('id', '=', accountId).execute()).toEqual([]);
    expect((await fetch(resultUrl)).status).toBe(404);
    const tokenAfter = await call(account.token, 'GET', 'workflows/get-all');
    expect(tokenAfter).toMatchObject({ status: 401, body: { Code: 4013 } });
    expect((await curlRotate(key)).status).toBe(401);
    expect(await signInStatus(account.email, account.password)).toBe(401);
    // Another user's files are untouched.
    const otherUrl = (kept.body.Files as Array<{ Url: string }>)[0]?.Url ?? '';
    expect((await fetch(otherUrl)).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    const document = (await (await fetch(`${server.apiUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(Object.keys(document.paths['/account'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(document.paths['/account/keys'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/account/keys/{id}'] ?? {})).toEqual(['delete']);
    expect(document.paths['/account/password']?.post?.tags).toEqual(['Account']);
  });
});

describe('CORS', () => {
  const partner = 'http://127.0.0.1:9999';
  const preflight = (base: string, path: string) =>
    fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: partner,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });

  it('answers a listed origin on the account routes, and refuses others', async () => {
    const listed = await startTestServer({ corsOrigins: [partner] });
    try {
      for (const path of ['/api/account', '/api/account/keys', '/api/account/keys/key_1']) {
        const allowed = await preflight(listed.baseUrl, path);
        expect(allowed.status).toBe(204);
        expect(allowed.headers.get('access-control-allow-origin')).toBe(partner);
        expect(allowed.headers.get('access-control-allow-methods')).toContain('DELETE');
      }
    } finally {
      await listed.close();
    }
    const refused = await preflight(server.baseUrl, '/api/account/keys');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limits', () => {
  it('charges wrong keys like bad tokens: past INVALID_TOKENS_PER_MINUTE the address gets 429', async () => {
    const limited = await startTestServer({ invalidTokensPerMinute: 2 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await fetch(`${limited.apiUrl}/workflows/get-all`, {
          headers: { authorization: `Bearer dsk_${String(attempt).repeat(43)}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
