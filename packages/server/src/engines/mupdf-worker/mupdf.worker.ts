/**
 * Entry of a MuPDF worker thread: runs one task at a time as the pool sends them and answers with the
 * result or a flattened error. MuPDF's WebAssembly instance lives here, off the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { ApiError, damagedFile } from '../../contract/errors';
import type { MupdfTask, WorkerReply } from './worker-protocol';
import { serializeError } from './worker-protocol';
import { runTask } from './worker-tasks';

const DAMAGED_STRUCTURE =
  'The PDF is damaged: its structure (page tree, objects or streams) cannot be read. Try repairing it, or export it again.';

/**
 * MuPDF reports what it cannot parse (a page-tree loop, a missing object) as a plain Error from its
 * C code, and recovers cleanly: that is the document's fault (422) and the worker stays. Running out
 * of memory, a WebAssembly trap (RuntimeError) or a bug of ours (TypeError ...) is not: the pool
 * replaces the worker and the job fails as the server's error.
 */
function isDocumentError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.constructor === Error &&
    !/malloc|memory|TRYLATER|ABORT/i.test(error.message)
  );
}

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
    const damaged = isDocumentError(error);
    reply = {
      id: message.id,
      ok: false,
      error: serializeError(damaged ? damagedFile(DAMAGED_STRUCTURE) : error),
      fatal: !(error instanceof ApiError) && !damaged,
    };
  }
  port.postMessage(reply, transfer);
});
