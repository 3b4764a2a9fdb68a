/**
 * MuPDF instantiated from one compiled module: the server's pool hands it to every worker, which
 * renders with it; the hook Emscripten calls reports a failed instantiation instead of leaving the
 * loader waiting for good.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { instantiateFrom } from './mupdf-wasm';
import { renderPageRgbInWorker, runWorkerTask, shutdownMupdfWorkers } from './mupdf-worker';

afterAll(() => shutdownMupdfWorkers());

/** A module of one function, `answer`, returning 42: (module (func (export "answer") (result i32) i32.const 42)) */
const ANSWER = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03, 0x02, 0x01,
  0x00, 0x07, 0x0a, 0x01, 0x06, 0x61, 0x6e, 0x73, 0x77, 0x65, 0x72, 0x00, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00,
  0x41, 0x2a, 0x0b,
]);
/** A module that imports a function `env.missing`: (module (import "env" "missing" (func))) */
const NEEDS_IMPORT = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x02, 0x0f, 0x01, 0x03,
  0x65, 0x6e, 0x76, 0x07, 0x6d, 0x69, 0x73, 0x73, 0x69, 0x6e, 0x67, 0x00, 0x00,
]);

describe('MuPDF from one compiled module', () => {
  it("hands the pool's workers the module, and they render with it", async () => {
    expect(await runWorkerTask({ kind: 'heap-usage' })).toMatchObject({ mupdfModuleHanded: true });
    const page = await renderPageRgbInWorker(`${CORPUS_DIR}/pdf/crazyones.pdf`, 0, 30);
    expect(page.width).toBeGreaterThan(200);
    // a rendered page has ink on it: not every byte of it white
    expect(page.pixels.some((value) => value < 128)).toBe(true);
  });

  it('instantiates through the hook, and reports a failure instead of leaving the loader waiting', async () => {
    const instance = await new Promise<WebAssembly.Instance>((resolve, reject) => {
      const hook = instantiateFrom(new WebAssembly.Module(ANSWER), reject);
      // Emscripten's sign of an asynchronous answer: an empty object now, the instance later
      expect(hook({}, (created) => resolve(created))).toEqual({});
    });
    expect((instance.exports.answer as () => number)()).toBe(42);
    const failure = new Promise((resolve) => {
      instantiateFrom(new WebAssembly.Module(NEEDS_IMPORT), resolve)({}, () => undefined);
    });
    await expect(failure).resolves.toBeInstanceOf(Error);
  });
});
