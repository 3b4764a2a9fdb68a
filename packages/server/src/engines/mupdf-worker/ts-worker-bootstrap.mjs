// Plain JavaScript on purpose: Node 20 does not apply `--import tsx` from a worker's execArgv to the
// worker's modules, so piscina loads this file, which registers tsx's loader in the worker and hands
// each task to the TypeScript entry named in workerData (imported once, on the first task).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
let entry;

export default async function handleTask(request) {
  entry ??= import(workerData.tsEntry);
  let handle;
  try {
    handle = (await entry).default;
  } catch (error) {
    // an answer, not a throw: the pool reads every rejection as the worker's death
    entry = undefined;
    return {
      ok: false,
      error: { message: `The worker could not load its tasks: ${error?.message ?? error}` },
    };
  }
  return handle(request);
}
