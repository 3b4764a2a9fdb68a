/**
 * Plain HTTP calls to the nodes of a local cluster (testing/local-cluster.ts), as a client sends them:
 * a token, an upload, a conversion (multipart, or by FileId), a job read, a download. Each call may
 * name its client's address (X-Forwarded-For, trusted from loopback when the nodes run with
 * TRUST_PROXY=loopback), so tests that share a cluster do not share rate-limit buckets.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export interface ClusterAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in tests
  body: any;
}

const answerOf = async (response: Response): Promise<ClusterAnswer> => ({
  status: response.status,
  headers: response.headers,
  body: await response.json().catch(() => undefined),
});

const clientHeaders = (ip?: string, token?: string): Record<string, string> => ({
  ...(ip ? { 'x-forwarded-for': ip } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export async function newToken(apiUrl: string, ip?: string): Promise<ClusterAnswer> {
  return answerOf(
    await fetch(`${apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...clientHeaders(ip) },
      body: JSON.stringify({ environment: 'production' }),
    }),
  );
}

export async function upload(
  apiUrl: string,
  path: string,
  token: string,
  ip?: string,
): Promise<ClusterAnswer> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(path)]), basename(path));
  return answerOf(
    await fetch(`${apiUrl}/upload`, { method: 'POST', body: form, headers: clientHeaders(ip, token) }),
  );
}

/** POST convert/{endpoint}: `file` a path (sent multipart) or a FileId (sent as the File field). */
export async function convert(
  apiUrl: string,
  endpoint: string,
  fields: Record<string, string>,
  file: { path: string } | { fileId: string },
  token: string,
  ip?: string,
): Promise<ClusterAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if ('path' in file) form.append('File', new Blob([await readFile(file.path)]), basename(file.path));
  else form.append('File', file.fileId);
  return answerOf(
    await fetch(`${apiUrl}/convert/${endpoint}`, {
      method: 'POST',
      body: form,
      headers: clientHeaders(ip, token),
    }),
  );
}

export async function readJob(apiUrl: string, jobId: string, token: string): Promise<ClusterAnswer> {
  return answerOf(await fetch(`${apiUrl}/job/${jobId}`, { headers: clientHeaders(undefined, token) }));
}

/** Reads the job until it has ended (every `pauseMs`), at most `reads` times: never an endless wait. */
export async function jobWhenEnded(
  apiUrl: string,
  jobId: string,
  token: string,
  { reads = 600, pauseMs = 250 } = {},
): Promise<ClusterAnswer> {
  let answer = await readJob(apiUrl, jobId, token);
  for (let read = 1; answer.status === 202 && read < reads; read += 1) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    answer = await readJob(apiUrl, jobId, token);
  }
  return answer;
}

export async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}
