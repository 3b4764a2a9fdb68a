/**
 * The scrub rewrites a real producer's file without damaging it: GeoTopo (117 pages, object
 * streams, hundreds of image XObjects; optimised by another producer) with a JavaScript OpenAction
 * added comes back without the script and with every page's text and images as poppler reads them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFile, listedImages, pageCount, run } from '../testing/pdf-tools';
import { loadMupdf } from './mupdf';
import { saveWithoutUnusedObjects, stripActiveContent } from './strip-active-content';

const GEOTOPO = corpusFile('pdf/GeoTopo-komprimiert.pdf');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** poppler's complaints while it reads every page (a broken XObject or content stream shows here). */
const popplerErrors = (path: string): Promise<string> =>
  new Promise((resolve) =>
    execFile('pdftotext', [path, '/dev/null'], (_error, _out, stderr) => resolve(stderr)),
  );

describe('stripActiveContent on a file with object streams', () => {
  it('drops the script and leaves every page readable', async () => {
    const mupdf = await loadMupdf();
    const doc = mupdf.PDFDocument.openDocument(await readFile(GEOTOPO), 'application/pdf');
    if (!(doc instanceof mupdf.PDFDocument)) throw new Error('not a PDF');
    const action = doc.newDictionary();
    action.put('S', doc.newName('JavaScript'));
    action.put('JS', doc.newString('app.alert("scrub-marker")'));
    doc.getTrailer().get('Root').put('OpenAction', action);

    expect(stripActiveContent(doc)).toBe(1);
    const dir = await mkdtemp(join(tmpdir(), 'docstudio-scrub-'));
    dirs.push(dir);
    const out = join(dir, 'scrubbed.pdf');
    await writeFile(out, saveWithoutUnusedObjects(doc));

    expect(await popplerErrors(out)).toBe('');
    expect(await pageCount(out)).toBe(117);
    expect(await run('pdftotext', [out, '-'])).toBe(await run('pdftotext', [GEOTOPO, '-']));
    expect((await listedImages(out)).length).toBe((await listedImages(GEOTOPO)).length);
    expect(await readFile(out, 'latin1')).not.toContain('scrub-marker');
  });
});
