/**
 * The library preloaded into qpdf (seek-in-buffer.c): built with the server, loaded by every qpdf the
 * server runs, and invisible in what qpdf does: on every PDF of both corpora (damaged ones that qpdf
 * repairs by scanning the whole file, encrypted ones, a 117-page book, files cut short), qpdf writes the
 * same bytes, prints the same messages and exits the same way with it as without it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPdfs } from '../../testing/corpus';
import { corpusFile, useTestJob } from '../../testing/pdf-tools';
import { expectSameWithAndWithout as expectSame, mergeParts, qpdfBindings } from '../../testing/qpdf-preload';
import { seekInBufferLibrary } from './seek-in-buffer';

const job = useTestJob();

/** Runs `args` (whose output is `output`) with and without the library; both must agree exactly. */
async function expectSameWithAndWithout(args: string[], output: string): Promise<void> {
  await expectSame(args, output, seekInBufferLibrary() ?? '');
}

describe('seek-in-buffer (preloaded into qpdf)', () => {
  it('is built with the server, and every qpdf the server runs binds its seeks to it', async () => {
    const library = seekInBufferLibrary();
    expect(library, 'dist/seek-in-buffer.so: build the server with a C compiler installed').toBeDefined();
    // the dynamic linker's own account of which library answers qpdf's fseeko
    const bindings = await qpdfBindings(['--show-npages', corpusFile('pdf/crazyones.pdf')], job().workDir);
    expect(bindings).toContain(`libqpdf.so.29 [0] to ${library} [0]: normal symbol \`fseeko'`);
  });

  it('changes nothing qpdf writes or says, on every PDF of the corpora', async () => {
    const files = await corpusPdfs();
    expect(files.length).toBeGreaterThan(40);
    const output = join(job().workDir, 'out.pdf');
    for (const file of files) {
      // a full rewrite reads every object: each one a seek into the file (AES strings of an encrypted
      // file get fixed IVs, else they differ from run to run)
      const rewrite = ['--static-id', '--static-aes-iv', '--warning-exit-0', file, output];
      await expectSameWithAndWithout(rewrite, output);
      await expectSameWithAndWithout(['--check', file], output);
    }
  }, 300_000);

  it('changes nothing on files cut short or with a broken cross-reference table (qpdf scans them)', async () => {
    const book = await readFile(corpusFile('pdf/GeoTopo-komprimiert.pdf'));
    const output = join(job().workDir, 'out.pdf');
    const cases: Array<[string, Buffer]> = [
      ['cut at two thirds', book.subarray(0, Math.floor((book.length * 2) / 3))],
      ['cut before its trailer', book.subarray(0, book.length - 200)],
      // every offset of the table points 7 bytes off: qpdf finds each object by scanning instead
      [
        'xref offsets shifted',
        Buffer.from(
          book
            .toString('latin1')
            .replace(
              /(\d{10}) 00000 n/g,
              (_, offset: string) => `${String(Number(offset) + 7).padStart(10, '0')} 00000 n`,
            ),
          'latin1',
        ),
      ],
    ];
    for (const [name, bytes] of cases) {
      const input = join(job().workDir, `${name.replace(/\W+/g, '-')}.pdf`);
      await writeFile(input, bytes);
      await expectSameWithAndWithout(['--static-id', '--warning-exit-0', input, output], output);
    }
  }, 120_000);

  it('changes nothing in a merge of 50 files', async () => {
    const sources = [
      'pdf/pdflatex-outline.pdf',
      'pdf/tagged.pdf',
      'pdf/multicolumn.pdf',
      'pdf/GeoTopo-komprimiert.pdf',
    ];
    const parts = await mergeParts(job().workDir, sources);
    const output = join(job().workDir, 'merged.pdf');
    await expectSameWithAndWithout(['--static-id', '--empty', '--pages', ...parts, '--', output], output);
  }, 120_000);
});
