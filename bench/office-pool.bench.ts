/**
 * Office to PDF through the compiled server's HTTP API with its LibreOffice pool sized to the machine
 * ('auto'): conversions per second with 8 requests in flight against one request at a time, rounds
 * interleaved (one, eight, one, eight …), medians. Three small DOCX of the corpus in turn; every answer
 * must be 200 with a stored PDF, and the last result is checked with qpdf (no stopwatch on empty work).
 * Prints the figures and the machine's load, and reports the ratio as a goal (≥ 2). Also the CPU the
 * server and its LibreOffice instances use (from /proc) against wall time: how many cores one request
 * at a time already keeps busy, so the ceiling of the ratio on this machine is cores ÷ that, lowered
 * further when a conversion costs more CPU with 8 in flight (the two prints show by how much). And the
 * whole machine's CPU in the same rounds (/proc/stat): cores left idle mean something in the server
 * waits; cores used by other processes mean the bench got only a share of the machine, and the ratio
 * can then reach no more than the ratio of the CPU the server got in each phase.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { type ServerProcess, startServerProcess } from '../packages/server/src/testing/server-process';
import { reportGoal } from './goals';
import { machineCpuMs } from './machine-cpu';
import { median } from './median';
import { processCpuMs, treeCpuMs } from './process-cpu';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOCX = ['tbl-having-tables.docx', 'hdr-header-footer.docx', 'having-images.docx'];
const ROUNDS = 5;
const ONE_AT_A_TIME = 6;
const IN_FLIGHT = 8;
const MANY = 24;

/** The compiled server, built first, on a fresh data folder; rate limits out of the way. */
async function startCompiledServer(): Promise<ServerProcess & { stop(): Promise<void> }> {
  execFileSync('npm', ['run', 'build', '--workspace', '@docstudio/server'], { cwd: root, stdio: 'ignore' });
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-office-'));
  const server = await startServerProcess(dataDir, { RATE_LIMIT_PER_MINUTE: '1000000' }, { compiled: true });
  return {
    ...server,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function officePoolBench(): Promise<void> {
  const server = await startCompiledServer();
  try {
    const token = await server.token();
    const files = await Promise.all(DOCX.map((name) => readFile(join(CORPUS_DIR, 'office', name))));
    let lastUrl = '';
    const convertOne = async (index: number): Promise<void> => {
      const form = new FormData();
      form.append(
        'File',
        new Blob([new Uint8Array(files[index % files.length] ?? [])]),
        DOCX[index % DOCX.length],
      );
      const answer = await fetch(`${server.apiUrl}/convert/office/to/pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await answer.json()) as { Files?: { Url: string; FileSize: number }[] };
      const file = body.Files?.[0];
      if (answer.status !== 200 || !file || file.FileSize <= 0)
        throw new Error(`office/to/pdf answered ${answer.status}: ${JSON.stringify(body)}`);
      lastUrl = file.Url;
    };
    /** Busy cores (CPU of the server and its engines ÷ wall time) of the last measured phase. */
    const busy: Record<number, number[]> = { 1: [], [IN_FLIGHT]: [] };
    /** The server process's own share of that CPU (the rest: LibreOffice, qpdf and other engines). */
    const serverShare: number[] = [];
    /** Cores of the whole machine left idle, and used by processes other than the server's, per phase. */
    const idle: Record<number, number[]> = { 1: [], [IN_FLIGHT]: [] };
    const others: Record<number, number[]> = { 1: [], [IN_FLIGHT]: [] };
    const conversionsPerSecond = async (count: number, inFlight: number): Promise<number> => {
      let next = 0;
      const cpuBefore = treeCpuMs(server.pid);
      const serverBefore = processCpuMs(server.pid, false);
      const machineBefore = machineCpuMs();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < count) await convertOne(next++);
        }),
      );
      const wallMs = performance.now() - started;
      const treeMs = treeCpuMs(server.pid) - cpuBefore;
      const machine = machineCpuMs();
      busy[inFlight]?.push(treeMs / wallMs);
      idle[inFlight]?.push((machine.idle - machineBefore.idle) / wallMs);
      others[inFlight]?.push(Math.max(0, machine.busy - machineBefore.busy - treeMs) / wallMs);
      if (inFlight === 1) serverShare.push((processCpuMs(server.pid, false) - serverBefore) / treeMs);
      return count / (wallMs / 1000);
    };
    // Every instance of the pool has converted once before the counted rounds.
    await conversionsPerSecond(IN_FLIGHT, IN_FLIGHT);
    busy[IN_FLIGHT] = [];
    idle[IN_FLIGHT] = [];
    others[IN_FLIGHT] = [];
    const one: number[] = [];
    const many: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(await conversionsPerSecond(ONE_AT_A_TIME, 1));
      many.push(await conversionsPerSecond(MANY, IN_FLIGHT));
    }
    const pdf = join(tmpdir(), `bench-office-${process.pid}.pdf`);
    await writeFile(pdf, Buffer.from(await (await fetch(lastUrl)).arrayBuffer()));
    const pages = execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' }).trim();
    await rm(pdf, { force: true });
    const ratio = median(many) / median(one);
    console.log(
      `machine: ${availableParallelism()} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, load ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}; pool 'auto'; last result ${pages} page(s)`,
    );
    console.log(`office/to/pdf, one at a time: ${median(one).toFixed(2)} conv/s (median of ${ROUNDS})`);
    console.log(
      `office/to/pdf, ${IN_FLIGHT} in flight: ${median(many).toFixed(2)} conv/s (${ratio.toFixed(2)}x)`,
    );
    const busyOne = median(busy[1] ?? []);
    console.log(
      `cores kept busy (server + LibreOffice): ${busyOne.toFixed(2)} one at a time, ${median(busy[IN_FLIGHT] ?? []).toFixed(2)} with ${IN_FLIGHT} in flight; ` +
        `ceiling of the ratio on ${availableParallelism()} cores: ${(availableParallelism() / busyOne).toFixed(2)}x; ` +
        `CPU per conversion ${((busyOne * 1000) / median(one)).toFixed(0)} ms one at a time (${(median(serverShare) * 100).toFixed(0)}% of it in the server process), ` +
        `${((median(busy[IN_FLIGHT] ?? []) * 1000) / median(many)).toFixed(0)} ms with ${IN_FLIGHT} in flight`,
    );
    const busyMany = median(busy[IN_FLIGHT] ?? []);
    const phases = (values: Record<number, number[]>): string =>
      `${median(values[1] ?? []).toFixed(2)} one at a time, ${median(values[IN_FLIGHT] ?? []).toFixed(2)} with ${IN_FLIGHT} in flight`;
    console.log(
      `whole machine: cores idle ${phases(idle)}; cores used by other processes ${phases(others)}; ` +
        `CPU the server got, ${IN_FLIGHT} in flight ÷ one at a time: ${(busyMany / busyOne).toFixed(2)}x ` +
        `(conv/s ratio ÷ that: ${(ratio / (busyMany / busyOne)).toFixed(2)}; 1.00 = throughput follows the CPU it gets)`,
    );
    reportGoal({ name: `Office: ${IN_FLIGHT} in flight ÷ one at a time (conv/s)`, value: ratio, atLeast: 2 });
  } finally {
    await server.stop();
  }
}
