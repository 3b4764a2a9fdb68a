/**
 * Runs an engine binary safely: an argv array (never a shell string), its own process group so a
 * timeout kills the engine together with every child it spawned (soffice, gs helpers), bounded
 * captured output, and cancellation through an AbortSignal. When the engine exits its group is killed
 * too (a helper it left running in the background dies with it), and `killRunningEngines()` ends every
 * group still running when the server closes: no engine process outlives its job or the server.
 */
import { spawn } from 'node:child_process';
import { DomainError, engineTimeout } from '../contract/errors';
import { engineEnv } from './orphaned-engines';

export interface RunEngineOptions {
  /** Milliseconds before the process group is killed and EngineTimeoutError is thrown. */
  timeoutMs: number;
  signal?: AbortSignal;
  cwd?: string;
  /** Variables set for the engine on top of the server's environment (OMP_THREAD_LIMIT ...). */
  env?: NodeJS.ProcessEnv;
  /** Bytes written to stdin, if any. */
  stdin?: Buffer | string;
  /** Keep at most this many bytes of stdout (default 16 MiB) and stderr (64 KiB). */
  maxStdout?: number;
}

export interface EngineResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** The engine exited with a non-zero code; the caller decides what that means for the user. */
export class EngineExitError extends Error {
  constructor(
    readonly command: string,
    readonly code: number,
    readonly stderr: string,
    readonly stdout: Buffer,
  ) {
    super(`${command} exited with code ${code}: ${stderr.slice(0, 500)}`);
    this.name = 'EngineExitError';
  }
}

const MAX_STDERR = 64 * 1024;
/** Process groups started here and not yet ended. */
const runningGroups = new Set<number>();

/** Kills every engine process group still running (the server's close hook). */
export function killRunningEngines(): void {
  for (const pid of runningGroups) killGroup(pid);
  runningGroups.clear();
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Resolves on exit code 0; rejects with EngineExitError, a Timeout DomainError (5000) on timeout, or the abort reason. */
export function runEngine(
  command: string,
  args: readonly string[],
  options: RunEngineOptions,
): Promise<EngineResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? engineTimeout());
      return;
    }
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: engineEnv(options.env), // tagged with the run, so a restart finds it if orphaned
      detached: true, // own process group: kill(-pid) reaches the grandchildren too
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const group = child.pid;
    if (group) runningGroups.add(group);
    const maxStdout = options.maxStdout ?? 16 * 1024 * 1024;
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let settled = false;

    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = (): void => {
      killGroup(group);
      finish(() =>
        reject(options.signal?.reason instanceof DomainError ? options.signal.reason : engineTimeout()),
      );
    };
    const timer = setTimeout(() => {
      killGroup(group);
      finish(() =>
        reject(engineTimeout(`${command} took longer than ${Math.round(options.timeoutMs / 1000)} s.`)),
      );
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (outBytes < maxStdout) {
        out.push(chunk);
        outBytes += chunk.length;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      if (group) runningGroups.delete(group);
      finish(() => reject(error));
    });
    // The leader is gone: anything it left in its group in the background (which may hold its stdout
    // open, so 'close' would wait for it) goes with it.
    child.on('exit', () => killGroup(group));
    child.on('close', (code, sig) => {
      if (group) runningGroups.delete(group);
      const stdout = Buffer.concat(out);
      finish(() => {
        if (code === 0) resolve({ code, stdout, stderr: err });
        else reject(new EngineExitError(command, code ?? (sig ? 128 : 1), err, stdout));
      });
    });
    child.stdin.on('error', () => {
      // the engine may exit before reading stdin; its exit code tells what happened
    });
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}
