/**
 * A 3-step workflow (compress -> rotate -> protect) on a ~20 MB PDF, run two ways against one real
 * server (in-process, a signed-in user), interleaved server, client, server, client … so a change in
 * machine load hits both alike; a first round warms both up and is not counted:
 * - server: the saved workflow as one job, as the studio runs it: POST workflows/run/{id} with the
 *   file, GET job/{JobId} polled, the result downloaded once;
 * - client: the spec's chaining, as core's runWorkflow does it in the browser fallback: each step
 *   POST convert/… with the file, its result downloaded and uploaded again to the next step.
 * Bytes are counted on the server's sockets (headers and multipart framing included). Both results
 * are checked to be the same work (password required, every page there and rotated). Client and
 * server share the loopback interface, so transfer costs next to nothing here; the bytes show what
 * a real network would add. Prints medians and ratios, never asserts (benches are not tests).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import {
  ConversionClient,
  type ConversionFile,
  makeStep,
  runWorkflow,
  type Workflow,
  type WorkflowDraft,
  WorkflowService,
} from '@docstudio/core';
import { SignInBrowser, signUp } from '../packages/server/src/testing/sign-in-browser';
import { startTestServer } from '../packages/server/src/testing/test-server';
import { median } from './median';
import { SAMPLE_PAGES, writeSamplePdf } from './workflow-run.sample-pdf';

const exec = promisify(execFile);
const ROUNDS = 5;
const PASSWORD = 'Bench-Lantern-4417';
/** Finer than the studio's 1 s so polling adds little to the server way's time. */
const POLL_MS = 250;
const DRAFT: WorkflowDraft = {
  name: 'Compress, rotate, protect',
  steps: [
    { endpoint: 'pdf/to/compress', parameters: { Preset: 'ebook' } },
    { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
    { endpoint: 'pdf/to/protect', parameters: { UserPassword: PASSWORD } },
  ],
};

interface Traffic {
  sent: number;
  received: number;
}
interface Sample extends Traffic {
  ms: number;
  resultBytes: number;
}
type Way = (file: File) => Promise<ConversionFile>;

/** Bytes the server's sockets read (what clients sent) and wrote (what they received), so far. */
function countTraffic(server: Server): () => Traffic {
  const live = new Set<Socket>();
  const closed = { sent: 0, received: 0 };
  server.on('connection', (socket: Socket) => {
    live.add(socket);
    socket.once('close', () => {
      closed.sent += socket.bytesRead;
      closed.received += socket.bytesWritten;
      live.delete(socket);
    });
  });
  return () => {
    const now = { ...closed };
    for (const socket of live) {
      now.sent += socket.bytesRead;
      now.received += socket.bytesWritten;
    }
    return now;
  };
}

/** Throws unless `path` is the workflow's output: password required, every page there, rotated 90. */
async function checkResult(path: string): Promise<void> {
  const needsPassword = await exec('qpdf', ['--requires-password', path]).then(
    () => true,
    () => false,
  );
  const pages = Number((await exec('qpdf', [`--password=${PASSWORD}`, '--show-npages', path])).stdout.trim());
  const info = (await exec('pdfinfo', ['-upw', PASSWORD, '-f', '1', '-l', String(pages), path])).stdout;
  const rotated = [...info.matchAll(/^Page\s+\d+ rot:\s+90$/gm)].length;
  if (!needsPassword || pages !== SAMPLE_PAGES || rotated !== SAMPLE_PAGES)
    throw new Error(`${path}: password ${needsPassword}, ${pages} pages, ${rotated} rotated`);
}

async function measure(way: Way, file: File, traffic: () => Traffic, out: string): Promise<Sample> {
  const before = traffic();
  const start = performance.now();
  const result = await way(file);
  const ms = performance.now() - start;
  const after = traffic();
  await checkResult(out);
  return {
    ms,
    sent: after.sent - before.sent,
    received: after.received - before.received,
    resultBytes: result.fileSize,
  };
}

const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function report(name: string, samples: Sample[], baseline: Sample[]): void {
  const time = median(samples.map((sample) => sample.ms));
  const sent = median(samples.map((sample) => sample.sent));
  const received = median(samples.map((sample) => sample.received));
  const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}x`;
  const base = {
    time: median(baseline.map((sample) => sample.ms)),
    sent: median(baseline.map((sample) => sample.sent)),
    received: median(baseline.map((sample) => sample.received)),
  };
  console.log(
    `  ${name.padEnd(8)}${seconds(time).padEnd(10)}(${ratio(time, base.time)})  ` +
      `sent ${mb(sent).padEnd(9)}(${ratio(sent, base.sent)})  ` +
      `received ${mb(received).padEnd(9)}(${ratio(received, base.received)})  ` +
      `runs: ${samples.map((sample) => seconds(sample.ms)).join(', ')}`,
  );
}

export default async function benchWorkflowRun(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'docstudio-bench-workflow-'));
  const server = await startTestServer();
  // Counted from the first connection: fetch keeps connections open, so later requests reuse them.
  const traffic = countTraffic(server.app.server);
  try {
    const inputPath = join(root, 'sample.pdf');
    const sample = await writeSamplePdf(inputPath);
    const file = new File([await readFile(inputPath)], 'sample.pdf', { type: 'application/pdf' });
    const token = await signUp(
      new SignInBrowser(server.baseUrl),
      server.baseUrl,
      'bench@example.com',
      'bench password 1',
    );
    const client = new ConversionClient({ apiUrl: server.apiUrl, token });
    const saved = await new WorkflowService({ apiUrl: server.apiUrl, token }).create(DRAFT);
    // The client way holds the password in clear, as the spec's browser-side chaining did.
    const local: Workflow = {
      id: 'local',
      name: DRAFT.name,
      steps: DRAFT.steps.map((step, index) => makeStep(step.endpoint, step.parameters, index + 1)),
    };
    const out = join(root, 'result.pdf');
    const keep = async (result: ConversionFile): Promise<ConversionFile> => {
      await writeFile(out, Buffer.from(await (await client.downloadFile(result)).arrayBuffer()));
      return result;
    };
    const serverWay: Way = async (input) => {
      const run = await client.runSavedWorkflow(saved.id, { files: [input] }, { pollIntervalMs: POLL_MS });
      const [result] = run.files;
      if (!result) throw new Error('The server run gave no file.');
      return keep(result);
    };
    const clientWay: Way = async (input) => {
      const run = await runWorkflow(local, { files: [input] }, { client, chaining: 'reupload' });
      const [result] = run.files;
      if (run.status !== 'completed' || !result) throw new Error(`The chained run ${run.status}.`);
      return keep(result);
    };

    const byServer: Sample[] = [];
    const byClient: Sample[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const serverSample = await measure(serverWay, file, traffic, out);
      const clientSample = await measure(clientWay, file, traffic, out);
      if (round === 0) continue;
      byServer.push(serverSample);
      byClient.push(clientSample);
    }
    const resultSize = (samples: Sample[]): string => mb(median(samples.map((s) => s.resultBytes)));
    console.log(
      `compress (ebook) -> rotate 90 -> protect on a ${mb(sample.bytes)} PDF of ${sample.pages} pages ` +
        `(results ${resultSize(byServer)} server, ${resultSize(byClient)} client; both checked with qpdf/pdfinfo)`,
    );
    console.log(`median of ${ROUNDS} interleaved rounds after one warm-up, ratios against the server run:`);
    report('server', byServer, byServer);
    report('client', byClient, byServer);
    const moved = (samples: Sample[]): number => median(samples.map((s) => s.sent + s.received));
    const extra = moved(byClient) - moved(byServer);
    // Loopback hides transfer time: what the extra bytes would cost on an ordinary 100 Mbit/s link.
    console.log(
      `  the client way moves ${mb(extra)} more: about ${seconds((extra * 8) / 100_000)} more at 100 Mbit/s`,
    );
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
