/**
 * The file piscina starts each task worker from. From source (Vitest, `node --import tsx`) this
 * module's own URL ends in `.ts`: the thread loads ts-worker-bootstrap.mjs, which registers tsx in it
 * and imports task-worker.ts. Compiled (packages/server/build.mjs) this module is a `.js` chunk in
 * dist/, beside dist/task-worker.js, which the thread loads as it is: no TypeScript loader at run time.
 */
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
