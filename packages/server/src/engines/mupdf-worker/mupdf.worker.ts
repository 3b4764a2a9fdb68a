/**
 * Entry of a MuPDF worker thread: runs one task at a time as the pool sends them and answers with the
 * result or a flattened error. MuPDF's WebAssembly instance lives here, off the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../http/errors';
import type { MupdfTask, WorkerReply } from './worker-protocol';
import { serializeError } from './worker-protocol';
import { runTask } from './worker-tasks';

const port = parentPort;
if (!port) throw new Error('mupdf.worker.ts runs only as a worker thread.');

port.on('message', async (message: { id: number; task: MupdfTask }) => {
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = await runTask(message.task);
    reply = { id: message.id, ok: true, result: done.result };
    transfer = done.transfer;
  } catch (error) {
    reply = { id: message.id, ok: false, error: serializeError(error), fatal: !(error instanceof ApiError) };
  }
  port.postMessage(reply, transfer);
});
