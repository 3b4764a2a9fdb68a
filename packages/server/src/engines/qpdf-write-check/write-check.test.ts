/**
 * The library that fails a qpdf run whose output could not be written in full (write-check.c): built
 * with the server and preloaded into every qpdf run; where qpdf alone writes a cut file and exits 0,
 * the run fails and the server answers its own trouble, not a damaged document and never a cut PDF;
 * everywhere else (every PDF of both corpora, rewritten) it changes nothing qpdf writes, says or exits
 * with.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { corpusPdfs } from '../../testing/corpus';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, useTestJob } from '../../testing/pdf-tools';
import { expectSameWithAndWithout, qpdfBindings } from '../../testing/qpdf-preload';
import { assemblePages, rotatePages } from '../qpdf';
import { writeCheckLibrary } from './write-check';

const exec = promisify(execFile);
const job = useTestJob();
/** A device every write to fails with ENOSPC, as on a full file system. */
const FULL = '/dev/full';

describe('write-check (preloaded into qpdf)', () => {
  it('is built with the server, and every qpdf the server runs closes its files through it', async () => {
    const library = writeCheckLibrary();
    expect(library, 'dist/write-check.so: build the server with a C compiler installed').toBeDefined();
    const bindings = await qpdfBindings(['--show-npages', corpusFile('pdf/crazyones.pdf')], job().workDir);
    expect(bindings).toContain(`libqpdf.so.29 [0] to ${library} [0]: normal symbol \`fclose'`);
  });

  it('fails a run whose output cannot be written, where qpdf alone exits 0', async () => {
    const part = corpusFile('pdf/crazyones.pdf');
    // the premise: qpdf itself does not notice its writes failing
    await expect(exec('qpdf', ['--empty', '--pages', part, part, '--', FULL])).resolves.toBeDefined();
    const library = writeCheckLibrary() ?? '';
    const failed = await exec('qpdf', ['--empty', '--pages', part, part, '--', FULL], {
      env: { ...process.env, LD_PRELOAD: library },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({
      code: 2,
      stderr: 'qpdf: error writing an output file: No space left on device\n',
    });
  });

  it("answers the server's trouble, not a damaged PDF, when a merge or a rotation cannot write", async () => {
    const options = { timeoutMs: 30_000 };
    const part = corpusFile('pdf/pdflatex-outline.pdf');
    // a merge of 12 files: on jemalloc and with exit-after-write.so too, as the server runs it
    const parts = Array.from({ length: 12 }, () => ({ path: part }));
    for (const run of [
      () => assemblePages(parts, FULL, options),
      () => rotatePages(part, FULL, 90, '1-z', options),
    ]) {
      const answer = await answerToRejection(run());
      expect(answer.code).toBe(ErrorCode.ConversionFailed);
      expect(answer.message).not.toMatch(/damaged/i);
    }
  });

  it('changes nothing qpdf writes, says or exits with, rewriting every PDF of the corpora', async () => {
    const files = await corpusPdfs();
    expect(files.length).toBeGreaterThan(40);
    const output = join(job().workDir, 'out.pdf');
    const library = writeCheckLibrary() ?? '';
    for (const file of files) {
      // AES strings of an encrypted file get fixed IVs, else they differ from run to run
      const rewrite = ['--static-id', '--static-aes-iv', file, output];
      await expectSameWithAndWithout(rewrite, output, library);
    }
  }, 120_000);
});
