/**
 * MuPDF (npm `mupdf`, WebAssembly, AGPL: server only). One lazily loaded module instance per thread
 * (converters use it through the worker pool in mupdf-worker/, which calls this inside its workers);
 * opening maps MuPDF's failures to the contract's 422s.
 */
import { readFile } from 'node:fs/promises';
import { damagedFile, passwordProtected } from '../contract/errors';
import { compiledMupdf, instantiateFrom } from './mupdf-wasm';

export type MupdfModule = typeof import('mupdf');

let loading: Promise<MupdfModule> | undefined;

/**
 * mupdf.js hands this global to its Emscripten module as the module object, which then carries the
 * WebAssembly heap (HEAPU8): how a worker knows how far its heap has grown (it never shrinks).
 */
const MODULE_GLOBAL = '$libmupdf_wasm_Module';
type WithModule = { [MODULE_GLOBAL]?: { HEAPU8?: Uint8Array; instantiateWasm?: unknown } };

/** MuPDF for this thread, instantiated from the process's one compiled module (mupdf-wasm.ts). */
export function loadMupdf(): Promise<MupdfModule> {
  loading ??= (async () => {
    const module = await compiledMupdf();
    let failed: (error: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    (globalThis as WithModule)[MODULE_GLOBAL] = { instantiateWasm: instantiateFrom(module, failed) };
    return Promise.race([import('mupdf'), failure]);
  })();
  return loading;
}

/** Bytes of this thread's MuPDF WebAssembly heap (0 before MuPDF is loaded). */
export function mupdfHeapBytes(): number {
  return (globalThis as WithModule)[MODULE_GLOBAL]?.HEAPU8?.length ?? 0;
}

/** Opens a PDF for reading; throws 422 Damaged or PasswordProtected instead of MuPDF's raw errors. */
export async function openPdf(path: string, password?: string): Promise<import('mupdf').PDFDocument> {
  const mupdf = await loadMupdf();
  const bytes = await readFile(path);
  let doc: import('mupdf').Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw damagedFile();
  }
  if (doc.needsPassword()) {
    if (password === undefined || !doc.authenticatePassword(password)) throw passwordProtected();
  }
  const pdf = doc.asPDF();
  if (!pdf) throw damagedFile();
  if (pdf.countPages() < 1) throw damagedFile('The PDF has no pages.');
  return pdf;
}
