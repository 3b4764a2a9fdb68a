/**
 * A real server on a free port with a fresh temporary data folder, for HTTP tests of the server and
 * of every converter. Example:
 *
 *   const server = await startTestServer();
 *   const answer = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [`${CORPUS_DIR}/pdf/crazyones.pdf`]);
 *   expect(answer.status).toBe(200);
 *   const pdf = await server.download(answer.body.Files[0].Url);
 *   await server.close();
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer, type ServerOptions } from '../app';
import { newId } from '../storage/file-names';
import { createTestDatabase, dropTestDatabase } from './postgres-server';
import { SignInBrowser, signUp } from './sign-in-browser';
import { testDatabases } from './test-databases';

/** A file to send: a path on disk, or bytes with a name. `field` defaults to File / Files[i]. */
export type TestFile =
  | string
  | { path?: string; content?: Buffer | string; name?: string; field?: string; type?: string };

export interface ConvertedFileJson {
  FileName: string;
  FileExt: string;
  FileSize: number;
  FileId: string;
  Url: string;
}

/** The parsed JSON of an answer: a conversion result, {JobId}, or an error {Code, Message, InvalidParameters}. */
export interface TestAnswerBody {
  ConversionCost?: number;
  ConversionTime?: number;
  Files?: ConvertedFileJson[];
  JobId?: string;
  Code?: number;
  Message?: string;
  InvalidParameters?: Record<string, string[]>;
  /** A workflow run's steps (GET /job/{JobId} of POST /workflows/run/{id}). */
  Steps?: Array<{ Order: number; Endpoint: string; Status: string; Message?: string; Conversions: number }>;
  [key: string]: unknown;
}

export interface TestAnswer {
  status: number;
  headers: Headers;
  body: TestAnswerBody;
}

export interface ConvertOptions {
  /** Bearer token; default: one anonymous token per test server (or signIn()'s). null sends none. */
  token?: string | null;
  /** Force one field name for every file when it is a single file tool sent as Files[0], etc. */
  multi?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (X-Forwarded-For for rate-limit tests …). */
  headers?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** baseUrl + '/api' */
  apiUrl: string;
  dataDir: string;
  anonymousToken(): Promise<string>;
  /** Signs up a new account through the sign-in site (/a/sign-up) and returns its studio token. */
  accountToken(): Promise<string>;
  /**
   * Signs up a new account and makes its token the one request() and convert() send from now on
   * (workflows need a signed-in account); returns the token.
   */
  signIn(): Promise<string>;
  /** POST multipart to /api/convert/{endpoint}; `files` in order (one → File, several → Files[i]). */
  convert(
    endpoint: string,
    fields?: Record<string, string>,
    files?: TestFile[],
    options?: ConvertOptions,
  ): Promise<TestAnswer>;
  /** GET a result Url (or an /api path) and return its bytes; throws on a non-200 answer. */
  download(urlOrPath: string): Promise<Buffer>;
  /**
   * POST `body` to /api/upload as the file `fileName` (the raw-body form, the name in
   * Content-Disposition) and return its FileId; throws on a non-200 answer.
   */
  upload(body: BodyInit, fileName: string, type?: string): Promise<string>;
  /** Downloads a result into `dir` under its FileName and returns the path (for qpdf, pdfinfo …). */
  saveResult(file: ConvertedFileJson, dir: string): Promise<string>;
  /** fetch() against the server with the default bearer token added (unless headers set one). */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

async function toBlob(file: TestFile): Promise<{ blob: Blob; name: string }> {
  if (typeof file === 'string') return { blob: new Blob([await readFile(file)]), name: basename(file) };
  const bytes = file.content !== undefined ? file.content : await readFile(file.path ?? '');
  const name = file.name ?? (file.path ? basename(file.path) : 'file');
  return {
    blob: new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: file.type ?? '' }),
    name,
  };
}

export async function readAnswer(response: Response): Promise<TestAnswer> {
  const text = await response.text();
  let body: TestAnswerBody;
  try {
    body = text ? (JSON.parse(text) as TestAnswerBody) : {};
  } catch {
    body = { Message: text };
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * When DATABASE_URL is set (the server-pg test project), each data folder gets its own fresh
 * database on that PostgreSQL server, and a storage key: a server started again on the same folder
 * finds its database again, as a restart would.
 */
async function postgresFor(dataDir: string, overrides: ServerOptions): Promise<Partial<ServerOptions>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || overrides.databaseUrl) return {};
  let shared = testDatabases.get(dataDir);
  if (!shared) {
    shared = {
      databaseUrl: await createTestDatabase(serverUrl),
      storageKeyHex: overrides.storageKeyHex ?? randomBytes(32).toString('hex'),
    };
    testDatabases.set(dataDir, shared);
  }
  return { databaseUrl: shared.databaseUrl, storageKeyHex: overrides.storageKeyHex ?? shared.storageKeyHex };
}

/**
 * When REDIS_URL is set (the server-pg test project) or a test passes a redisUrl, the server sends
 * its jobs through BullMQ and converts them with its own workers (ROLE=all), under a key prefix of
 * its data folder: servers of different tests share the run's one Redis but never a queue, and a
 * server started again on the same folder finds its queues again, as a restart would.
 */
function redisFor(dataDir: string, overrides: ServerOptions): Partial<ServerOptions> {
  const redisUrl = overrides.redisUrl ?? process.env.REDIS_URL;
  if (!redisUrl) return {};
  return { redisUrl, redisKeyPrefix: overrides.redisKeyPrefix ?? `test-${basename(dataDir)}` };
}

export async function startTestServer(overrides: ServerOptions = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'docstudio-test-')));
  const postgres = await postgresFor(dataDir, overrides);
  const redis = redisFor(dataDir, overrides);
  // Test files send hundreds of requests from one address: rate limits are off unless a test sets them.
  const app = await createServer({
    logger: false,
    allowPrivateUrls: true,
    rateLimitPerMinute: 1_000_000,
    signInAttemptsPerMinute: 1_000_000,
    ...overrides,
    ...postgres,
    ...redis,
    dataDir,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no TCP address.');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const apiUrl = `${baseUrl}/api`;
  let token: Promise<string> | undefined;
  let signedIn: string | undefined;

  const anonymousToken = (): Promise<string> => {
    token ??= fetch(`${apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'production' }),
    }).then(async (response) => ((await response.json()) as { token: string }).token);
    return token;
  };

  const accountToken = (): Promise<string> =>
    signUp(
      new SignInBrowser(baseUrl),
      baseUrl,
      `user-${newId().toLowerCase()}@example.com`,
      `pass-${newId()}`,
    );
  const defaultToken = (): Promise<string> => (signedIn ? Promise.resolve(signedIn) : anonymousToken());

  const absolute = (urlOrPath: string): string =>
    /^https?:/.test(urlOrPath) ? urlOrPath : `${baseUrl}${urlOrPath}`;

  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${await defaultToken()}`);
    return fetch(absolute(path), { ...init, headers });
  };

  const download = async (urlOrPath: string): Promise<Buffer> => {
    const response = await fetch(absolute(urlOrPath));
    if (response.status !== 200)
      throw new Error(`GET ${urlOrPath} answered ${response.status}: ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  };

  return {
    app,
    baseUrl,
    apiUrl,
    dataDir,
    anonymousToken,
    accountToken,
    async signIn() {
      signedIn = await accountToken();
      return signedIn;
    },
    request,
    download,
    async upload(body, fileName, type) {
      const headers: Record<string, string> = {
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      };
      if (type) headers['content-type'] = type;
      const response = await request('/api/upload', { method: 'POST', headers, body });
      if (response.status !== 200)
        throw new Error(`upload of ${fileName} answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { FileId: string }).FileId;
    },
    async convert(endpoint, fields = {}, files = [], options = {}) {
      const form = new FormData();
      const many = options.multi ?? files.length > 1;
      for (const [index, file] of files.entries()) {
        const { blob, name } = await toBlob(file);
        const field = (typeof file === 'object' && file.field) || (many ? `Files[${index}]` : 'File');
        form.append(field, blob, name);
      }
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const headers: Record<string, string> = { ...options.headers };
      const bearer = options.token === undefined ? await defaultToken() : options.token;
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      const response = await fetch(`${apiUrl}/convert/${endpoint}`, {
        method: 'POST',
        body: form,
        headers,
        signal: options.signal,
      });
      return readAnswer(response);
    },
    async saveResult(file, dir) {
      const path = join(dir, basename(file.FileName));
      await writeFile(path, await download(file.Url));
      return path;
    },
    async close() {
      await app.close();
      if (overrides.dataDir) return;
      await rm(dataDir, { recursive: true, force: true });
      if (postgres.databaseUrl) {
        testDatabases.delete(dataDir);
        await dropTestDatabase(postgres.databaseUrl);
      }
    },
  };
}
