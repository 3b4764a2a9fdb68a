// Plain JavaScript on purpose: Node 20 does not apply `--import tsx` from a worker's execArgv to the
// worker's entry module, so this file registers tsx's loader in the worker, then imports the real
// TypeScript entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
