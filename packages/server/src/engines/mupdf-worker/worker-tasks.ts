/**
 * The worker-task registry: every piece of work that runs off the server's main thread, by name.
 * The compiler checks that each name of WorkerTask (worker-protocol.ts) has exactly one handler; the
 * pool (task-pool.ts) sends `{ kind, ... }` and the worker runs the handler registered under `kind`.
 * Adding a task = its shape and result in worker-protocol.ts + its handler here + a typed helper in
 * index.ts for the callers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { heapUsage } from '../idle-collection';
import { mupdfModuleHanded } from '../mupdf-wasm';
import { collectOutlines, insertOutlines } from '../pdf-outlines/merge-outlines';
import { preparePdfaInput } from '../pdfa-preflight/pdfa-preflight';
import {
  analyse,
  applyRedactions,
  countPages,
  ownedBuffer,
  rasterise,
  redactionTexts,
  renderRgb,
  stripActive,
  textLayers,
  widenBoxes,
} from './mupdf-tasks';
import { renderJpg } from './render-jpg';
import type { TaskDone, TaskHandler, TaskName, WorkerTask } from './worker-protocol';

/**
 * pdf-lib parses the whole file in JavaScript: here, not on the server thread, and stoppable. Loaded
 * on a worker's first watermark, so workers that only run MuPDF never hold pdf-lib.
 */
const stampWatermarkFile: TaskHandler<'stamp-watermark'> = async (task) => {
  const { stampWatermark } = await import('../stamp-watermark');
  let bytes: Uint8Array;
  try {
    bytes = await stampWatermark(await readFile(task.input), task.options);
  } catch {
    return { result: { stamped: false }, transfer: [] };
  }
  await writeFile(task.output, bytes);
  return { result: { stamped: true }, transfer: [] };
};

/** pdf/to/merge's bookmarks: read while qpdf assembles the pages, written into its output after. */
const collectOutlinesTask: TaskHandler<'collect-outlines'> = async (task) => ({
  result: { items: await collectOutlines(task.parts) },
  transfer: [],
});
const insertOutlinesTask: TaskHandler<'insert-outlines'> = async (task) => {
  const result = await insertOutlines(task.path, task.items);
  return { result, transfer: result.bytes ? ownedBuffer(result.bytes) : [] };
};

export const workerTasks: { readonly [K in TaskName]: TaskHandler<K> } = {
  'count-pages': countPages,
  'render-rgb': renderRgb,
  'render-jpg': renderJpg,
  'analyse-page': analyse,
  'text-layers': textLayers,
  'redaction-texts': redactionTexts,
  'apply-redactions': applyRedactions,
  'rasterise-pages': rasterise,
  'widen-page-boxes': widenBoxes,
  'strip-active-content': stripActive,
  'collect-outlines': collectOutlinesTask,
  'insert-outlines': insertOutlinesTask,
  'pdfa-preflight': async (task) => ({ result: await preparePdfaInput(task.path, task.part), transfer: [] }),
  'stamp-watermark': stampWatermarkFile,
  'heap-usage': async () => ({
    result: { ...heapUsage(), mupdfModuleHanded: mupdfModuleHanded() },
    transfer: [],
  }),
};

/** Runs the task registered under `task.kind` (a name the registry lacks is a bug of ours: refused). */
export function runTask(task: WorkerTask): Promise<TaskDone<unknown>> {
  const handler = workerTasks[task.kind] as TaskHandler<TaskName> | undefined;
  if (!handler) return Promise.reject(new TypeError(`No worker task is registered as "${task.kind}".`));
  return handler(task as never);
}
