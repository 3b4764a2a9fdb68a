/**
 * Runs an engine binary safely: an argv array (never a shell string), its own process group so a
 * timeout kills the engine together with every child it spawned (soffice, gs helpers), bounded
 * captured output, and cancellation through an AbortSignal. When the engine exits its group is killed
 * too (a helper it left running in the background dies with it), and `killRunningEngines()` ends every
 * group still running when the server closes: no engine process outlives its job or the server.
 * The processes are started by the engine spawner (spawner/), never forked from the server itself.
 */
import { DomainError, engineTimeout } from '../contract/errors';
import { withEnginePreloads } from './engine-preloads';
import { engineEnv } from './orphaned-engines';
import { spawnEngine } from './spawner/spawner';

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

/**
 * One kill per run not yet ended, including runs the spawner has not yet reported as started: the
 * `started` message crosses a pipe, so the engine can already be running when its group is unknown here.
 */
const runningEngines = new Set<() => void>();

/** Kills every engine process group still running or about to start (the server's close hook). */
export function killRunningEngines(): void {
  for (const kill of runningEngines) kill();
  runningEngines.clear();
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
    let group: number | undefined;
    let settled = false;
    let killed = false; // by killRunningEngines before the spawner reported the group
    const kill = (): void => {
      killed = true;
      killGroup(group);
    };
    runningEngines.add(kill);

    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const forget = (): void => {
      runningEngines.delete(kill);
    };
    const onAbort = (): void => {
      killGroup(group); // not started yet: killed as soon as it is (`started` below)
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

    spawnEngine(
      {
        command,
        args,
        cwd: options.cwd,
        // tagged with the run, so a restart finds it if orphaned; with the engine's preloaded libraries
        env: engineEnv(withEnginePreloads(command, options.env)),
        stdin: options.stdin,
        maxStdout: options.maxStdout ?? 16 * 1024 * 1024,
      },
      {
        started: (pid) => {
          group = pid;
          if (settled || killed) killGroup(pid);
        },
        done: (code, sig, stdout, stderr) => {
          forget();
          finish(() => {
            if (code === 0) resolve({ code, stdout, stderr });
            else reject(new EngineExitError(command, code ?? (sig ? 128 : 1), stderr, stdout));
          });
        },
        failed: (error) => {
          forget();
          finish(() => reject(error));
        },
      },
    );
  });
}
