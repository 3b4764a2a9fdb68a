/**
 * The in-place version relabel against `qpdf --force-version`: on every corpus PDF it takes, the result
 * reads as the asked version to pdfinfo (an independent reader), keeps every other byte, has no
 * `qpdf --check` warning the original did not have and the text of qpdf's result (pdftotext). What qpdf
 * would rewrite (object and cross-reference streams, encryption, a catalogue /Version) is declined and
 * the file left untouched.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPdfs } from '../testing/corpus';
import { pdfFromObjects } from '../testing/fuzz-inputs';
import { qpdfCheckWarnings, run } from '../testing/pdf-tools';
import { canRelabelVersion, relabelVersionInPlace } from './pdf-raw-version';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-raw-version-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const pdfinfoVersion = async (path: string): Promise<string | undefined> =>
  /^PDF version:\s+(\S+)/m.exec(await run('pdfinfo', [path]))?.[1];

const text = (path: string): Promise<string> => run('pdftotext', ['-layout', path, '-']);

/** A two-page PDF with a classic table, `catalogExtra` in its catalogue. */
const handWritten = (catalogExtra = ''): Buffer =>
  pdfFromObjects([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 33 >>\nstream\nBT /F1 12 Tf 10 50 Td (hi) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);

describe('relabelling a PDF version in place', () => {
  it('gives what qpdf --force-version gives on every corpus PDF it takes, to 1.4 and to 1.7', async () => {
    let taken = 0;
    for (const source of await corpusPdfs()) {
      const original = await readFile(source);
      for (const version of ['1.4', '1.7']) {
        if (!canRelabelVersion(original, version)) continue;
        const name = `${basename(source, '.pdf')}-${version}`;
        const ours = join(dir, `${name}.pdf`);
        const qpdfs = join(dir, `${name}.qpdf.pdf`);
        await copyFile(source, ours);
        expect(await relabelVersionInPlace(ours, version), name).toBe(true);
        await run('qpdf', [`--force-version=${version}`, source, qpdfs]).catch(() => undefined); // warnings exit 3
        const relabelled = await readFile(ours);
        expect(relabelled.subarray(8).equals(original.subarray(8)), name).toBe(true);
        expect(relabelled.subarray(0, 8).toString('latin1'), name).toBe(`%PDF-${version}`);
        expect(await pdfinfoVersion(ours), name).toBe(await pdfinfoVersion(qpdfs));
        expect(await qpdfCheckWarnings(ours), name).toEqual(await qpdfCheckWarnings(source));
        expect(await text(ours), name).toBe(await text(qpdfs));
        taken++;
      }
    }
    expect(taken).toBeGreaterThan(20);
  });

  it('declines what qpdf would rewrite or what outranks the header, and leaves the file as it was', async () => {
    const plain = join(dir, 'plain.pdf');
    await writeFile(plain, handWritten());
    const cases: Record<string, string[]> = {
      'object streams': ['--object-streams=generate'],
      encrypted: ['--encrypt', '', 'owner', '256', '--'],
      'encrypted, no object streams': [
        '--object-streams=disable',
        '--encrypt',
        '',
        'owner',
        '128',
        '--use-aes=y',
        '--',
      ],
    };
    const declined: Record<string, Buffer> = {
      'a catalogue /Version': handWritten('/Version /1.7'),
      'a hybrid file (/XRefStm)': Buffer.from(
        handWritten().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /XRefStm 999'),
        'latin1',
      ),
      'a header with a two-digit minor version': Buffer.from(
        handWritten().toString('latin1').replace('%PDF-1.7', '%PDF-1.10'),
        'latin1',
      ),
      'junk before the header': Buffer.concat([Buffer.from('junk\n'), handWritten()]),
      'a cut cross-reference table': handWritten().subarray(0, handWritten().length - 80),
    };
    for (const [index, [name, args]] of Object.entries(cases).entries()) {
      const made = join(dir, `made-${index}.pdf`);
      await run('qpdf', [...args, plain, made]);
      declined[name] = await readFile(made);
    }
    expect(canRelabelVersion(handWritten(), '1.4')).toBe(true);
    for (const [index, [name, bytes]] of Object.entries(declined).entries()) {
      const path = join(dir, `declined-${index}.pdf`);
      await writeFile(path, bytes);
      expect(await relabelVersionInPlace(path, '1.4'), name).toBe(false);
      expect((await readFile(path)).equals(bytes), name).toBe(true);
    }
  });

  it('takes only a version of the form x.y', () => {
    expect(canRelabelVersion(handWritten(), '1.4')).toBe(true);
    for (const version of ['14', '1.4 ', '1.10', ''])
      expect(canRelabelVersion(handWritten(), version)).toBe(false);
  });
});
