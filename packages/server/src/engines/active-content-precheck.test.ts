/**
 * The scrub's pre-check against files built to hide from it (that each still holds its script, and
 * comes out of the job without it, is checked by jobs/active-content-hidden.test.ts): each is answered
 * "may hold", so the MuPDF scrub runs. Real producers' clean files are proven clean (the pass the
 * check exists to save).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithActiveContent } from '../testing/active-content-pdf';
import { corpusPdfs } from '../testing/corpus';
import {
  activeContentInObjectStreams,
  activeContentInUntypedUpdate,
  activeContentWithBrokenXref,
  activeContentWithEscapedNames,
} from '../testing/hidden-active-content';
import { corpusFile } from '../testing/pdf-tools';
import { mayHoldActiveContent, watchedNames } from './active-content-precheck';
import { decodeName } from './pdf-object-reader';
import { runEngine } from './run-engine';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-precheck-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const hostileFiles: Array<{ name: string; make: () => Promise<Buffer> }> = [
  { name: 'names written with #xx escapes', make: () => activeContentWithEscapedNames(dir) },
  { name: 'objects in compressed object streams', make: () => activeContentInObjectStreams(dir) },
  {
    name: 'an update whose xref and object stream have no /Type',
    make: () => activeContentInUntypedUpdate(),
  },
  {
    name: 'an object stream in ASCIIHex (a filter the check does not decode)',
    make: () => activeContentInUntypedUpdate({ objectStreamFilter: 'hex' }),
  },
  {
    name: 'a typed object stream only a rebuilt xref reaches',
    make: () => activeContentInUntypedUpdate({ repairOnly: true }),
  },
  { name: 'a broken xref (startxref points nowhere)', make: activeContentWithBrokenXref },
];

describe('mayHoldActiveContent', () => {
  for (const { name, make } of hostileFiles) {
    it(`a file with ${name} is never proven clean`, async () => {
      const bytes = await make();
      expect(mayHoldActiveContent(bytes)).toBe(true);
    });
  }

  it("proves real producers' files with object streams and xref streams clean", async () => {
    for (const file of ['pdf/crazyones.pdf', 'pdf/pdflatex-outline.pdf', 'pdf/scotus-transcript-p1.pdf']) {
      const bytes = await readFile(corpusFile(file));
      expect(bytes.includes('/ObjStm'), file).toBe(true);
      expect(mayHoldActiveContent(bytes), file).toBe(false);
    }
  });

  it('an encrypted file (its object streams could inflate to anything) is never proven clean', async () => {
    const locked = join(dir, 'locked.pdf');
    await runEngine(
      'qpdf',
      ['--encrypt', '', 'owner', '256', '--', corpusFile('pdf/crazyones.pdf'), locked],
      {
        timeoutMs: 30_000,
      },
    );
    expect(mayHoldActiveContent(await readFile(locked))).toBe(true);
  });

  it('the plain active-content file is caught too', async () => {
    expect(mayHoldActiveContent(await pdfWithActiveContent(2))).toBe(true);
  });

  it('proves a qpdf merge of real producers clean, and a copy with one script added not', async () => {
    const parts = ['pdf/pdflatex-outline.pdf', 'pdf/tagged.pdf', 'pdf-scanned/linn.pdf', 'pdf/crazyones.pdf'];
    const merged = join(dir, 'merged.pdf');
    await runEngine('qpdf', ['--empty', '--pages', ...parts.map(corpusFile), '--', merged], {
      timeoutMs: 30_000,
    });
    expect(mayHoldActiveContent(await readFile(merged))).toBe(false);
    const withScript = join(dir, 'merged-script.pdf');
    await runEngine('qpdf', ['--qdf', '--object-streams=disable', '--', merged, withScript], {
      timeoutMs: 30_000,
    });
    const text = (await readFile(withScript, 'latin1')).replace(
      '/Type /Catalog',
      '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>',
    );
    expect(mayHoldActiveContent(Buffer.from(text, 'latin1'))).toBe(true);
  });
});

/**
 * What the check judges names by, written the plain way: every name of the text decoded (a '#' that
 * does not decode: its letters alone), lower-cased, kept when `watched` has it. The check's search
 * for the watched names alone must find exactly these.
 */
function everyNameDecoded(text: string, watched: ReadonlySet<string>): { name: string; at: number }[] {
  const found: { name: string; at: number }[] = [];
  for (const match of text.matchAll(/\/([^\0\t\n\f\r /[\]<>(){}%]*)/g)) {
    const name = decodeName(match[1] ?? '');
    const judged = (name.includes('#') ? name.replace(/[^A-Za-z]/g, '') : name).toLowerCase();
    if (watched.has(judged)) found.push({ name: judged, at: match.index ?? 0 });
  }
  return found;
}

describe('watchedNames', () => {
  const watched = new Set(['javascript', 'js', 'launch', 'embeddedfile', 'embeddedfiles', 'objstm', 'xref']);

  it('finds what decoding every name finds, in names written to hide', () => {
    const hiding = [
      '/JS/js /jS/Js',
      '/J#61vaScript /J#53 /#4a#53 /#4A#73',
      '/Java#5Script /Ja#zzvaScript /JS#', // a '#' that does not decode: its letters alone
      '/JSX /XJS /JavaScriptx /EmbeddedFiles /EmbeddedFile /EmbeddedFilesX',
      '//JS /a/JS/b (/JS) <</JS 1>>[/Launch]{/launch}%/JS\n/XRef /XRefStm /ObjStm',
      '/\u00c9JS /J\u00a0S /#00JS /JS\u0000',
      `/${'#'.repeat(5000)}JS /${'a'.repeat(100_000)}#`,
    ];
    for (const text of hiding)
      expect([...watchedNames(text, watched)], text).toEqual(everyNameDecoded(text, watched));
  });

  it("finds what decoding every name finds in every corpus PDF's raw text", async () => {
    let names = 0;
    for (const path of await corpusPdfs()) {
      const text = (await readFile(path)).toString('latin1');
      const expected = everyNameDecoded(text, watched);
      expect([...watchedNames(text, watched)], path).toEqual(expected);
      names += expected.length;
    }
    expect(names).toBeGreaterThan(20); // the corpus names these: the comparison is not of empty lists
  });
});
