/**
 * Engine processes run in their own process groups (run-engine.ts, the LibreOffice pool, Chromium),
 * so a SIGKILL of the server leaves them running with parent 1, still writing plaintext into work
 * folders. Every engine is therefore started with DOCSTUDIO_ENGINE_RUN=<run id> in its environment,
 * which its own children inherit; at start-up the server kills every process whose run is dead.
 * Only processes of the server's user are visible (/proc/<pid>/environ), and a live run's engines
 * (another server on the same machine, another test worker) are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isRunAlive, thisRunId } from '../storage/run-identity';
import { engineTempDir } from '../storage/work-dir';

export const ENGINE_RUN_VARIABLE = 'DOCSTUDIO_ENGINE_RUN';

/**
 * What an engine inherits from the server's environment: where programs, libraries, fonts and
 * languages are, and the locale (its TMPDIR is the run's own: engineEnv). Nothing else:
 * DATABASE_URL, REDIS_URL and other secrets must not reach processes that read hostile documents
 * (Ghostscript, LibreOffice, Tesseract, Chromium), and copying the whole environment into every spawn
 * request cost the server thread too.
 */
const INHERITED = [
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'LD_LIBRARY_PATH',
  'TESSDATA_PREFIX',
  'FONTCONFIG_PATH',
  'FONTCONFIG_FILE',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_RUNTIME_DIR',
  'GS_LIB',
  'GS_FONTPATH',
] as const;

/**
 * The environment for an engine process: the INHERITED part of the server's, plus `extra`
 * (OMP_THREAD_LIMIT ...), tagged with this run. Engines read no settings from it. Their temporary
 * files go to this run's folder in the RAM-backed work root (storage/work-dir.ts engineTempDir),
 * never to the system's TMPDIR.
 */
export function engineEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra, TMPDIR: engineTempDir(), [ENGINE_RUN_VARIABLE]: thisRunId() };
}

/**
 * Tags the server's own environment too: Chromium and LibreOffice now start with engineEnv(), and
 * this keeps any process started with a copy of process.env findable as this run's.
 */
export function tagServerEnvironment(): void {
  process.env[ENGINE_RUN_VARIABLE] = thisRunId();
}

/** The value of `name` in a process's environment, if it has one we may read. */
function environValue(pid: number, name: string): string | undefined {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    const prefix = `${name}=`;
    return environ
      .split('\0')
      .find((entry) => entry.startsWith(prefix))
      ?.slice(prefix.length);
  } catch {
    return undefined; // exited, or not ours to read
  }
}

function processIds(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return []; // no /proc: not Linux
  }
}

/** Kills every process whose environment says `predicate`; answers how many it killed. */
function killWhere(predicate: (pid: number) => boolean): number {
  let killed = 0;
  for (const pid of processIds()) {
    if (!predicate(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}

/** Kills every engine process left by a dead run; returns how many it killed. Linux only (no-op elsewhere). */
export function killOrphanedEngines(): number {
  return killWhere((pid) => {
    const run = environValue(pid, ENGINE_RUN_VARIABLE);
    return run !== undefined && !isRunAlive(run);
  });
}

/**
 * Kills an engine started with `name=value` added to its environment (engineEnv's `extra`) and every
 * process it started: for an engine that no longer answers the way it would be closed, such as a
 * wedged browser. Returns how many processes it killed.
 */
export function killTaggedEngine(name: string, value: string): number {
  return killWhere((pid) => environValue(pid, name) === value);
}
