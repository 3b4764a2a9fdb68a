/**
 * The server's side of the engine spawner (spawner-child.mjs, why it exists in its header): one small
 * long-lived Node process, started on the first engine run, that starts engine processes on request
 * and answers with their pid, then their exit code and bounded output. If it dies (crashed, killed),
 * every engine it had started is killed from here by process group, their runs fail as a conversion
 * failure, the restart is counted (`docstudio_engine_restarts_total{engine="spawner"}`), and the next
 * run starts a new spawner. It never keeps the server alive: its handle and channel are unref'd, and
 * when the server's process ends the channel closes and the spawner kills what it runs and exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { engineStopped } from '../../contract/errors';
import { recordEngineRestart } from '../engine-restarts';
import { engineEnv } from '../orphaned-engines';

/** Beside this module in the sources; beside the chunk that holds it in dist/ (build.mjs copies it). */
const CHILD_SCRIPT = fileURLToPath(new URL('./spawner-child.mjs', import.meta.url));
/** The spawner only relays: a small heap keeps the process (and so each fork of it) small. */
const HEAP_MB = 32;

export interface SpawnRequest {
  command: string;
  args: readonly string[];
  cwd?: string;
  /** The engine's whole environment. */
  env: NodeJS.ProcessEnv;
  stdin?: Buffer | string;
  /** Bytes of stdout kept (stderr: 64 KiB). */
  maxStdout: number;
}

/** What becomes of one engine run; exactly one of `done` and `failed` is called. */
export interface SpawnHandlers {
  /** The engine runs, as the leader of process group `pid`. */
  started(pid: number): void;
  done(code: number | null, signal: NodeJS.Signals | null, stdout: Buffer, stderr: string): void;
  /** It could not start (ENOENT ...), or the spawner died under it. */
  failed(error: Error): void;
}

type FromSpawner =
  | { type: 'started'; id: number; pid: number }
  | {
      type: 'done';
      id: number;
      code: number | null;
      signal: NodeJS.Signals | null;
      stdout: Uint8Array;
      stderr: string;
    }
  | { type: 'failed'; id: number; message: string; code?: string };

interface Run {
  handlers: SpawnHandlers;
  pid?: number;
}

let spawner: ChildProcess | undefined;
let nextId = 1;
const runs = new Map<number, Run>();

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function onMessage(message: FromSpawner): void {
  const run = runs.get(message.id);
  if (!run) return;
  if (message.type === 'started') {
    run.pid = message.pid;
    run.handlers.started(message.pid);
    return;
  }
  runs.delete(message.id);
  if (message.type === 'done') {
    const { code, signal, stdout, stderr } = message;
    run.handlers.done(code, signal, Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength), stderr);
  } else {
    run.handlers.failed(Object.assign(new Error(message.message), { code: message.code }));
  }
}

/** The spawner died: nothing it started may go on without it, and no run may wait for it forever. */
function onExit(child: ChildProcess): void {
  if (spawner !== child) return;
  spawner = undefined;
  if (runs.size === 0 && child.signalCode === null && child.exitCode === 0) return;
  recordEngineRestart('spawner');
  const orphans = [...runs.values()];
  runs.clear();
  for (const run of orphans) {
    killGroup(run.pid);
    run.handlers.failed(engineStopped('The engine stopped unexpectedly. Try again.'));
  }
}

function currentSpawner(): ChildProcess {
  if (spawner?.connected) return spawner;
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, CHILD_SCRIPT], {
    // tagged with the run like every engine, so a restart after a crash finds it if it is orphaned
    env: engineEnv({ NODE_OPTIONS: '' }),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced', // Buffers cross as bytes, not as JSON arrays
  });
  child.on('message', (message) => onMessage(message as FromSpawner));
  child.on('exit', () => onExit(child));
  child.on('error', () => onExit(child));
  child.unref();
  child.channel?.unref();
  spawner = child;
  return child;
}

/** Starts an engine through the spawner; `handlers` hear how it goes. */
export function spawnEngine(request: SpawnRequest, handlers: SpawnHandlers): void {
  const id = nextId++;
  runs.set(id, { handlers });
  const { command, args, cwd, env, stdin, maxStdout } = request;
  currentSpawner().send({ type: 'run', id, command, args: [...args], cwd, env, stdin, maxStdout });
}

/** The spawner's pid, or undefined before the first run or after it died (tests and metrics). */
export function spawnerPid(): number | undefined {
  return spawner?.connected ? spawner.pid : undefined;
}
