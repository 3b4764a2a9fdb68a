/**
 * Entry of a task worker thread (piscina loads it as dist/task-worker.js when compiled, through
 * ts-worker-bootstrap.mjs from source, see task-entry.ts): runs the task it is handed and answers
 * with the result (its big buffers moved, not copied) or a flattened error.
 * MuPDF's WebAssembly instance and pdf-lib's parsing live here, off the server's event loop.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { DomainError, damagedFile } from '../../contract/errors';
import { collectGarbageWhenIdle, IDLE_BEFORE_COLLECTION_MS, workEnds, workStarts } from '../idle-collection';
import { mupdfHeapBytes } from '../mupdf';
import {
  serializeError,
  type TaskEvent,
  type TaskReply,
  type TaskRequest,
  type WorkerTask,
} from './worker-protocol';
import { runTask } from './worker-tasks';

const DAMAGED_STRUCTURE =
  'The PDF is damaged: its structure (page tree, objects or streams) cannot be read. Try repairing it, or export it again.';

/**
 * MuPDF reports what it cannot parse (a page-tree loop, a missing object) as a plain Error from its
 * C code, and recovers cleanly: that is the document's fault (422) and the worker stays. Running out
 * of memory, a WebAssembly trap (RuntimeError) or a bug of ours (TypeError ...) is not: the worker
 * ends itself and the job fails as the server's error.
 */
function isDocumentError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.constructor === Error &&
    !/malloc|memory|TRYLATER|ABORT/i.test(error.message)
  );
}

// a worker's heap is its own: it collects once idle (idle-collection.ts)
collectGarbageWhenIdle(IDLE_BEFORE_COLLECTION_MS.worker);

const tell = (event: TaskEvent): void => parentPort?.postMessage(event);

export default async function handleTask(request: TaskRequest): Promise<TaskReply> {
  workStarts();
  tell({ started: request.id, threadId });
  try {
    const done = await runTask(request.task as WorkerTask);
    const reply: TaskReply = { ok: true, result: done.result, heapBytes: mupdfHeapBytes() };
    if (done.transfer.length === 0) return reply;
    return move({ [transferableSymbol]: done.transfer, [valueSymbol]: reply }) as unknown as TaskReply;
  } catch (error) {
    const damaged = isDocumentError(error);
    const flattened = serializeError(damaged ? damagedFile(DAMAGED_STRUCTURE) : error);
    if (error instanceof DomainError || damaged)
      return { ok: false, error: flattened, heapBytes: mupdfHeapBytes() };
    // the event reaches the pool before the thread's exit does, so the task fails with this error
    tell({ failed: request.id, error: flattened });
    process.exit(1);
  } finally {
    workEnds(); // the worker answered (a worker that exits above never gets here)
  }
}
