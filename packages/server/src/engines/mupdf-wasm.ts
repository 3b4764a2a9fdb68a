/**
 * MuPDF's WebAssembly (10 MB), compiled once per process and instantiated by every thread from that
 * one module. V8 keeps the machine code it compiles (lazily, each function on its first call) with
 * the module: shared by the workers, and kept when a generation of idle workers ends, since the
 * server's thread holds the module. Each worker compiled its own before, so the first job on fresh
 * workers paid for it again (a 4-page PDF to JPG on the compiled server: 348-377 ms against 237-288
 * now, 45-60 ms on warm workers); the module stays in the server's memory once MuPDF was used.
 * Handed to the worker threads in their workerData (a compiled module crosses threads without a copy).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';

const WASM_FILE = 'mupdf-wasm.wasm';

let compiling: Promise<WebAssembly.Module> | undefined;

/** The module this thread was handed by the one that started it, if any. */
function handedModule(): WebAssembly.Module | undefined {
  const handed = (workerData as { mupdfModule?: unknown } | null)?.mupdfModule;
  return handed instanceof WebAssembly.Module ? handed : undefined;
}

/** Whether this thread instantiates MuPDF from a module it was handed (tests read it). */
export const mupdfModuleHanded = (): boolean => handedModule() !== undefined;

/** This process's compiled MuPDF module: the one a worker was handed, else compiled here, once. */
export function compiledMupdf(): Promise<WebAssembly.Module> {
  const handed = handedModule();
  if (handed) return Promise.resolve(handed);
  compiling ??= (async () => {
    // the wasm file sits beside mupdf's entry (dist/mupdf.js), where mupdf itself reads it
    const entry = createRequire(import.meta.url).resolve('mupdf');
    return WebAssembly.compile(await readFile(join(entry, '..', WASM_FILE)));
  })();
  // a failed read or compile is tried again by the next task, not kept for the process's life
  compiling.catch(() => {
    compiling = undefined;
  });
  return compiling;
}

type Imports = WebAssembly.Imports;
type Instantiated = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;

/**
 * The hook Emscripten's loader calls instead of fetching and compiling the file (Module.instantiateWasm):
 * it instantiates `module`. A failure is reported through `failed`, as the loader itself would hang.
 */
export function instantiateFrom(
  module: WebAssembly.Module,
  failed: (error: unknown) => void,
): (imports: Imports, done: Instantiated) => object {
  return (imports, done) => {
    WebAssembly.instantiate(module, imports).then((instance) => done(instance, module), failed);
    return {}; // Emscripten's sign that the exports come later, through `done`
  };
}
