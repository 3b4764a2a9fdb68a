/**
 * A tiny in-test fake of the provider's website for client tests (node:http on 127.0.0.1, free port).
 * It implements the contract's shapes — convert by echoing the input files, upload, download,
 * workflow CRUD, generate-jwt and validate-token — so the clients run over a real socket. It converts
 * nothing: real conversions are tested against the real server in packages/server.
 * Test-only: not exported from the package.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWorkflowRoute } from './fake-workflows.routes';

export interface RecordedField {
  name: string;
  /** Text fields as sent; file fields as name, size, type and the bytes. */
  value: string | { fileName: string; size: number; type: string; bytes: Buffer };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  fields: RecordedField[];
  json?: unknown;
  bodyBytes: number;
}

/** A canned answer for the next request(s) to a path prefix. */
export interface CannedAnswer {
  status: number;
  statusText?: string;
  body?: string;
  contentType?: string;
}

interface StoredFile {
  id: string;
  fileName: string;
  bytes: Buffer;
  type: string;
}

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  files: Map<string, StoredFile>;
  workflows: Map<string, Record<string, unknown>>;
  /** Answer the next request whose path starts with `pathPrefix` with this (used once). */
  answerNext(pathPrefix: string, answer: CannedAnswer): void;
  /** Read request bodies slowly (bytes per tick) to exercise upload progress and abort. */
  throttleUploads(bytesPerTick: number, tickMs: number): void;
  /** Accepted bearer tokens (default: any non-empty). */
  acceptTokens(tokens: readonly string[] | 'any'): void;
  /** Whether `File` may carry a FileId or Url (the chaining shortcut). Default true. */
  acceptFileReferences(accept: boolean): void;
  close(): Promise<void>;
}

const EXTENSIONS = new Set(['pdf', 'docx', 'pptx', 'xlsx', 'jpg', 'txt', 'png']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function send(res: ServerResponse, status: number, body: unknown, statusText?: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, statusText ?? '', { 'content-type': 'application/json' });
  res.end(text);
}

async function readBody(
  req: IncomingMessage,
  throttle: { bytes: number; ms: number } | null,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (!throttle) {
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  // Pull a little at a time so the client's sender feels back-pressure, like a slow uplink.
  return new Promise((resolve, reject) => {
    let budget = throttle.bytes;
    const timer = setInterval(() => {
      budget = throttle.bytes;
      req.resume();
    }, throttle.ms);
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      budget -= chunk.length;
      if (budget <= 0) req.pause();
    });
    req.on('end', () => {
      clearInterval(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    req.on('close', () => clearInterval(timer));
  });
}

async function parseFields(req: IncomingMessage, body: Buffer): Promise<RecordedField[]> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return [];
  // undici's own multipart parser: an independent check of the client's hand-built encoding.
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  }).formData();
  const fields: RecordedField[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields.push({ name, value });
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      fields.push({ name, value: { fileName: value.name, size: value.size, type: value.type, bytes } });
    }
  }
  return fields;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const files = new Map<string, StoredFile>();
  const workflows = new Map<string, Record<string, unknown>>();
  const canned: Array<{ prefix: string; answer: CannedAnswer }> = [];
  let throttle: { bytes: number; ms: number } | null = null;
  let tokens: readonly string[] | 'any' = 'any';
  let fileReferences = true;
  let baseUrl = '';

  const store = (fileName: string, bytes: Buffer, type: string): StoredFile => {
    const file = { id: randomUUID(), fileName, bytes, type };
    files.set(file.id, file);
    return file;
  };
  const describe = (file: StoredFile) => ({
    FileName: file.fileName,
    FileExt: extensionOf(file.fileName),
    FileSize: file.bytes.length,
    FileId: file.id,
    Url: `${baseUrl}/d/${file.id}/${encodeURIComponent(file.fileName)}`,
  });
  const lookup = (reference: string): StoredFile | undefined => {
    const byId = files.get(reference);
    if (byId) return byId;
    const match = /\/d\/([^/]+)\//.exec(reference);
    return match?.[1] ? files.get(match[1]) : undefined;
  };
  const authorised = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    return tokens === 'any' ? token.length > 0 : tokens.includes(token);
  };

  const convert = (res: ServerResponse, endpoint: string, fields: RecordedField[]): void => {
    const inputs: StoredFile[] = [];
    for (const field of fields) {
      if (field.name !== 'File' && !/^Files\[\d+\]$/.test(field.name)) continue;
      if (typeof field.value !== 'string') {
        inputs.push(store(field.value.fileName, field.value.bytes, field.value.type));
        continue;
      }
      const held = fileReferences ? lookup(field.value) : undefined;
      if (!held) {
        send(res, 400, {
          Code: 5009,
          Message: 'Invalid FileId',
          InvalidParameters: { File: ['Unknown FileId'] },
        });
        return;
      }
      inputs.push(held);
    }
    const url = fields.find((f) => f.name === 'Url')?.value;
    if (typeof url === 'string') inputs.push(store('page.html', Buffer.from(`<p>${url}</p>`), 'text/html'));
    if (inputs.length === 0) {
      send(res, 400, {
        Code: 4000,
        Message: 'Parameter validation error',
        InvalidParameters: { File: ['Required'] },
      });
      return;
    }
    const target = endpoint.split('/').pop() ?? '';
    const ext = EXTENSIONS.has(target) ? target : '';
    const rename = (name: string) => (ext ? `${name.replace(/\.[^.]*$/, '')}.${ext}` : name);
    // Multi-file endpoints give one file (merge-like); single-file ones echo their input.
    const outputs =
      inputs.length > 1
        ? [store(rename(inputs[0]!.fileName), Buffer.concat(inputs.map((f) => f.bytes)), 'application/pdf')]
        : inputs.map((f) => store(rename(f.fileName), f.bytes, f.type));
    send(res, 200, { ConversionCost: 1, ConversionTime: 0.01, Files: outputs.map(describe) });
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = await readBody(req, path.startsWith('/convert/') || path === '/upload' ? throttle : null);
      const fields = await parseFields(req, body);
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      const json = isJson && body.length > 0 ? (JSON.parse(body.toString('utf8')) as unknown) : undefined;
      requests.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        fields,
        json,
        bodyBytes: body.length,
      });

      const cannedIndex = canned.findIndex((c) => path.startsWith(c.prefix));
      if (cannedIndex >= 0) {
        const answer = (canned.splice(cannedIndex, 1)[0] as { answer: CannedAnswer }).answer;
        res.writeHead(answer.status, answer.statusText ?? '', {
          'content-type': answer.contentType ?? 'application/json',
        });
        res.end(answer.body ?? '');
        return;
      }
      if (path === '/functions/generate-jwt' && req.method === 'POST') {
        return send(res, 200, {
          token: `generated-${(json as { environment?: string })?.environment ?? ''}`,
        });
      }
      if (path === '/functions/validate-token' && req.method === 'POST') {
        const token = (json as { token?: string })?.token ?? '';
        const valid = tokens === 'any' ? token.length > 0 : tokens.includes(token);
        return send(res, 200, { valid, userData: valid ? { email: 'user@example.com' } : null });
      }
      if (path.startsWith('/d/') && req.method === 'GET') {
        const file = files.get(path.split('/')[2] ?? '');
        if (!file) return send(res, 404, { Code: 5009, Message: 'Invalid FileId' });
        res.writeHead(200, { 'content-type': file.type || 'application/octet-stream' });
        res.end(file.bytes);
        return;
      }
      if (!authorised(req)) return send(res, 401, { Code: 4011, Message: 'Invalid credentials' });
      if (path.startsWith('/convert/') && req.method === 'POST') return convert(res, path.slice(9), fields);
      if (path === '/upload' && req.method === 'POST') {
        const part = fields.find((f) => f.name === 'File')?.value;
        if (!part || typeof part === 'string')
          return send(res, 400, { Code: 4000, Message: 'File required' });
        const file = store(part.fileName, part.bytes, part.type);
        return send(res, 200, {
          FileId: file.id,
          FileName: file.fileName,
          FileExt: extensionOf(file.fileName),
        });
      }
      if (path.startsWith('/workflows/')) {
        const answer = answerWorkflowRoute(workflows, req.method ?? '', path, json);
        if (answer.status === 204) res.writeHead(204).end();
        else send(res, answer.status, answer.body);
        return;
      }
      send(res, 404, { Code: 4040, Message: 'Not found' });
    } catch (error) {
      if (!res.headersSent) send(res, 500, { Code: 5001, Message: `Fake provider error: ${String(error)}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    files,
    workflows,
    answerNext: (prefix, answer) => canned.push({ prefix, answer }),
    throttleUploads: (bytes, ms) => {
      throttle = { bytes, ms };
    },
    acceptTokens: (list) => {
      tokens = list;
    },
    acceptFileReferences: (accept) => {
      fileReferences = accept;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
