/**
 * The file piscina starts each task worker from. From source (Vitest, `node --import tsx`) this
 * module's own URL ends in `.ts`: the thread loads ts-worker-bootstrap.mjs, which registers tsx in it
 * and imports task-worker.ts. Compiled (packages/server/build.mjs) this module is a `.js` chunk in
 * dist/, beside dist/task-worker.js, which the thread loads as it is: no TypeScript loader at run time.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface TaskWorkerEntry {
  filename: string;
  workerData: { tsEntry?: string };
}

export function taskWorkerEntry(moduleUrl: string = import.meta.url): TaskWorkerEntry {
  if (!moduleUrl.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL('./task-worker.js', moduleUrl)), workerData: {} };
  }
  return {
    filename: fileURLToPath(new URL('./ts-worker-bootstrap.mjs', moduleUrl)),
    workerData: { tsEntry: new URL('./task-worker.ts', moduleUrl).href },
  };
}

/**
 * Why the worker threads cannot start, or undefined: the entry file a thread loads is missing (a
 * compiled server shipped without dist/task-worker.js, or a source tree without the handler).
 */
export function workerEntryProblem(entry: TaskWorkerEntry): string | undefined {
  const files = [
    entry.filename,
    ...(entry.workerData.tsEntry ? [fileURLToPath(entry.workerData.tsEntry)] : []),
  ];
  return files.every((file) => existsSync(file))
    ? undefined
    : 'The MuPDF worker threads cannot start: their entry file is missing from the installation.';
}
