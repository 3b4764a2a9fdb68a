/**
 * The library that ends qpdf once an assembly's output is written (exit-after-write.c): built with
 * the server, preloaded into every page assembly, taking its early exit there and nowhere else, and
 * invisible in what qpdf does: on every PDF of both corpora (damaged ones qpdf repairs with warnings,
 * encrypted ones it refuses, files cut short), in a 50-file merge and when the output cannot be
 * written, qpdf writes the same bytes, prints the same messages and exits with the same code.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPdfs } from '../../testing/corpus';
import { corpusFile, useTestJob } from '../../testing/pdf-tools';
import { expectSameWithAndWithout, mergeParts, qpdfBindings } from '../../testing/qpdf-preload';
import { assemblyEnv } from '../qpdf';
import { exitAfterWriteLibrary } from './exit-after-write';

const job = useTestJob();

/** The library's own look-up of qpdf's exit code: made only on its way to the early exit. */
const tookEarlyExit = (bindings: string, library: string): boolean =>
  bindings.includes(
    `file ${library} [0] to /lib/x86_64-linux-gnu/libqpdf.so.29 [0]: normal symbol \`_ZNK7QPDFJob11getExitCodeEv'`,
  );

/** Compares one assembly with and without the library: with and without qpdf's warning exit code. */
async function expectSameAssembly(pages: string[], output: string): Promise<number[]> {
  const library = exitAfterWriteLibrary() ?? '';
  const assembly = ['--static-id', '--static-aes-iv', '--empty', '--pages', ...pages, '--', output];
  return [
    await expectSameWithAndWithout(assembly, output, library),
    await expectSameWithAndWithout(['--warning-exit-0', ...assembly], output, library),
  ];
}

describe('exit-after-write (preloaded into qpdf page assemblies)', () => {
  it('is built with the server, and ends an assembly early, not an inspection', async () => {
    const library = exitAfterWriteLibrary();
    expect(library, 'dist/exit-after-write.so: build the server with a C compiler installed').toBeDefined();
    const env = assemblyEnv(2);
    expect(env.LD_PRELOAD?.split(' ')).toContain(library);
    const part = corpusFile('pdf/crazyones.pdf');
    const output = join(job().workDir, 'merged.pdf');
    const merge = await qpdfBindings(['--empty', '--pages', part, part, '--', output], job().workDir, env);
    // libqpdf's own calls to the document's destructor reach the library (no -Bsymbolic build)
    expect(merge).toContain(`libqpdf.so.29 [0] to ${library} [0]: normal symbol \`_ZN4QPDFD1Ev'`);
    expect(tookEarlyExit(merge, library ?? '')).toBe(true);
    const written = await readFile(output, 'latin1');
    expect(written.trimEnd().endsWith('%%EOF')).toBe(true);

    const inspectionDir = join(job().workDir, 'inspection');
    await mkdir(inspectionDir);
    const inspection = await qpdfBindings(['--show-npages', part], inspectionDir, env);
    expect(tookEarlyExit(inspection, library ?? '')).toBe(false);
  });

  it('changes nothing qpdf writes, says or exits with, assembling every PDF of the corpora', async () => {
    const files = await corpusPdfs();
    expect(files.length).toBeGreaterThan(40);
    const output = join(job().workDir, 'out.pdf');
    const codes = new Set<number>();
    for (const file of files) {
      for (const code of await expectSameAssembly([file], output)) codes.add(code);
      // a range: the first page only (pdf/to/split's assemblies)
      for (const code of await expectSameAssembly([file, '1'], output)) codes.add(code);
    }
    // success, success with warnings (damaged files repaired) and failure (encrypted, unreadable)
    expect([...codes].sort()).toEqual([0, 2, 3]);
  }, 120_000);

  it('changes nothing in a merge of 50 files, with a damaged part or one cut short', async () => {
    const sources = [
      'pdf/pdflatex-outline.pdf',
      'pdf/tagged.pdf',
      'pdf/multicolumn.pdf',
      'pdf/libreoffice-form.pdf',
    ];
    const parts = await mergeParts(job().workDir, sources);
    const output = join(job().workDir, 'merged.pdf');
    expect(await expectSameAssembly(parts, output)).toEqual([0, 0]);
    // a stream qpdf cannot decode: merged with warnings (exit 3, or 0 with --warning-exit-0)
    await copyFile(corpusFile('pdf-malformed/damaged-stream.pdf'), parts[7] ?? '');
    expect(await expectSameAssembly(parts, output)).toEqual([3, 0]);
    // a file cut short whose pages qpdf cannot find: the merge fails, its exception unwinding through
    // the run the library wraps, past the documents it destroys
    const book = await readFile(corpusFile('pdf/GeoTopo-komprimiert.pdf'));
    await writeFile(parts[30] ?? '', book.subarray(0, Math.floor((book.length * 2) / 3)));
    expect(await expectSameAssembly(parts, output)).toEqual([2, 2]);
  }, 120_000);

  it('exits as qpdf does when a part is missing or the output cannot be written', async () => {
    const part = corpusFile('pdf/crazyones.pdf');
    const output = join(job().workDir, 'out.pdf');
    expect(await expectSameAssembly([part, join(job().workDir, 'missing.pdf')], output)).toEqual([2, 2]);
    expect(await expectSameAssembly([part, part], join(job().workDir, 'no-folder', 'out.pdf'))).toEqual([
      2, 2,
    ]);
    // a device that is always full: every write fails, and qpdf alone does not notice (it exits 0; the
    // server's runs fail there through write-check.so); this library takes no early exit on it
    expect(await expectSameAssembly([part, part], '/dev/full')).toEqual([0, 0]);
  });
});
