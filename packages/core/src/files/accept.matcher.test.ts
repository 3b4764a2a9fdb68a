import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getTool, HTML_ACCEPT, IMAGES_ACCEPT, OFFICE_ACCEPT, PDF_SINGLE_50MB_ACCEPT } from '../catalogue';
import {
  acceptTokens,
  checkFiles,
  fileExtension,
  inferMimeType,
  isIgnoredFileName,
  matchesAccept,
  normalizeMimeType,
} from './index';

const CORPUS = new URL('../../../../../shared/corpus/', import.meta.url).pathname;
const MB = 1024 * 1024;

/** The corpus folder's files as a browser would hand them over: name, size and (unknown) type. */
function corpusFiles(folder: string) {
  return readdirSync(join(CORPUS, folder)).map((name) => ({
    name,
    type: '',
    size: statSync(join(CORPUS, folder, name)).size,
    path: join(CORPUS, folder, name),
  }));
}

describe('file names and MIME types', () => {
  it('reads extensions in any case and treats a leading dot as a hidden name', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('.pdf')).toBe('');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
    expect(fileExtension('folder.v2/scan')).toBe('');
    expect(fileExtension('C:\\Users\\me\\scan.Tif ')).toBe('tif');
  });

  it('ignores .DS_Store and Thumbs.db, in folders and any case', () => {
    expect(isIgnoredFileName('.DS_Store')).toBe(true);
    expect(isIgnoredFileName('Thumbs.db')).toBe(true);
    expect(isIgnoredFileName('photos/thumbs.DB')).toBe(true);
    expect(isIgnoredFileName('DS_Store.pdf')).toBe(false);
    expect(isIgnoredFileName('my Thumbs.db.pdf')).toBe(false);
  });

  it('infers the same MIME type as libmagic (file --mime-type) for the real corpus documents', () => {
    const files = [
      ...corpusFiles('office'),
      ...corpusFiles('images'),
      ...corpusFiles('html'),
      ...corpusFiles('pdf'),
    ]
      // pass_protected.xlsx is encrypted: libmagic sees the encryption wrapper, not a workbook.
      .filter((file) => !file.name.endsWith('.txt') && file.name !== 'pass_protected.xlsx');
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const magic = execFileSync('file', ['--mime-type', '-b', file.path], { encoding: 'utf8' }).trim();
      expect(inferMimeType(file.name), file.name).toBe(magic);
    }
  });

  it('gives an empty type for unknown extensions and normalises parameters and case', () => {
    expect(inferMimeType('data.xyz')).toBe('');
    expect(inferMimeType('')).toBe('');
    expect(normalizeMimeType('Application/PDF; charset=binary')).toBe('application/pdf');
  });
});

describe('matchesAccept', () => {
  it('matches by extension, by MIME type and by wildcard', () => {
    expect(matchesAccept({ name: 'a.PDF', type: '' }, PDF_SINGLE_50MB_ACCEPT)).toBe(true);
    expect(matchesAccept({ name: 'download', type: 'application/pdf' }, PDF_SINGLE_50MB_ACCEPT)).toBe(true);
    expect(matchesAccept({ name: 'photo.heic', type: 'image/heic' }, ['image/*'])).toBe(true);
    expect(matchesAccept({ name: 'photo.heic', type: 'image/heic' }, IMAGES_ACCEPT)).toBe(false);
    expect(matchesAccept({ name: 'notes.txt', type: 'text/plain' }, 'image/*, .pdf')).toBe(false);
    expect(matchesAccept({ name: 'page.htm', type: '' }, HTML_ACCEPT)).toBe(true);
    expect(matchesAccept({ name: 'anything.bin', type: '' }, [])).toBe(true);
  });

  it('infers a missing MIME type from the extension before matching', () => {
    expect(matchesAccept({ name: 'scan.jpeg', type: '' }, ['image/jpeg'])).toBe(true);
    expect(matchesAccept({ name: 'scan.jpeg' }, ['image/*'])).toBe(true);
  });

  it('accepts every real corpus document on the page it belongs to and rejects the others', () => {
    for (const file of corpusFiles('pdf').filter((f) => f.name.endsWith('.pdf'))) {
      expect(matchesAccept(file, PDF_SINGLE_50MB_ACCEPT), file.name).toBe(true);
      expect(matchesAccept(file, OFFICE_ACCEPT), file.name).toBe(false);
    }
    for (const file of corpusFiles('images').filter((f) => !f.name.endsWith('.txt'))) {
      expect(matchesAccept(file, IMAGES_ACCEPT), file.name).toBe(true);
      expect(matchesAccept(file, PDF_SINGLE_50MB_ACCEPT), file.name).toBe(false);
    }
    const office = corpusFiles('office').filter((f) => !f.name.endsWith('.txt'));
    const accepted = office.filter((file) => matchesAccept(file, OFFICE_ACCEPT)).map((file) => file.name);
    // The spec's Office list has no OpenDocument formats.
    expect(
      office
        .filter((file) => !accepted.includes(file.name))
        .map((file) => file.name)
        .sort(),
    ).toEqual(['libreoffice-form.odt', 'merged_cells.ods', 'tagged.odt']);
  });

  it('accepts any name with an accepted extension, whatever its case or base name (property)', () => {
    const extensions = [...OFFICE_ACCEPT.extensions, ...IMAGES_ACCEPT.extensions];
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).filter((base) => base.trim() !== '' && !/[\\/]/.test(base)),
        fc.constantFrom(...extensions),
        fc.boolean(),
        (base, extension, upper) => {
          const name = `${base}.${upper ? extension.toUpperCase() : extension}`;
          const rule = OFFICE_ACCEPT.extensions.includes(extension) ? OFFICE_ACCEPT : IMAGES_ACCEPT;
          expect(matchesAccept({ name, type: '' }, rule)).toBe(true);
          expect(matchesAccept({ name, type: '' }, PDF_SINGLE_50MB_ACCEPT)).toBe(false);
        },
      ),
    );
  });

  it('never accepts a file whose extension and type are both foreign, and never throws (property)', () => {
    const known = new Set([...IMAGES_ACCEPT.extensions]);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 30 }), (name, type) => {
        const result = matchesAccept({ name, type }, IMAGES_ACCEPT);
        const extension = fileExtension(name);
        const mime = normalizeMimeType(type) || inferMimeType(name);
        const expected = known.has(extension) || IMAGES_ACCEPT.mimeTypes.includes(mime);
        expect(result).toBe(expected);
      }),
    );
  });

  it('lists accept tokens as an <input accept> would', () => {
    expect(acceptTokens(HTML_ACCEPT)).toEqual(['.html', '.htm', 'text/html']);
    expect(acceptTokens(' .pdf , image/* ')).toEqual(['.pdf', 'image/*']);
  });
});

describe('checkFiles', () => {
  it('rejects with react-dropzone codes and the spec texts', () => {
    const rule = { ...PDF_SINGLE_50MB_ACCEPT, maxFiles: undefined, minSize: 100 };
    const result = checkFiles(
      [
        { name: 'ok.pdf', type: 'application/pdf', size: 5000 },
        { name: 'photo.png', type: 'image/png', size: 5000 },
        { name: 'huge.pdf', type: '', size: 51 * MB },
        { name: 'tiny.pdf', type: '', size: 10 },
      ],
      rule,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(result.rejections.map((r) => [r.file.name, r.errors])).toEqual([
      ['photo.png', [{ code: 'file-invalid-type', message: 'File type must be .pdf, application/pdf' }]],
      ['huge.pdf', [{ code: 'file-too-large', message: 'File is larger than 50 MB' }]],
      ['tiny.pdf', [{ code: 'file-too-small', message: 'File is smaller than 100 bytes' }]],
    ]);
  });

  it('rejects the whole drop with Too many files when it would exceed the count', () => {
    const two = [
      { name: 'a.pdf', type: '', size: 10 },
      { name: 'b.pdf', type: '', size: 10 },
    ];
    const result = checkFiles(two, PDF_SINGLE_50MB_ACCEPT);
    expect(result.accepted).toEqual([]);
    expect(result.rejections.map((r) => r.errors)).toEqual([
      [{ code: 'too-many-files', message: 'Too many files' }],
      [{ code: 'too-many-files', message: 'Too many files' }],
    ]);
    expect(checkFiles([two[0]!], PDF_SINGLE_50MB_ACCEPT, 1).accepted).toEqual([]);
    expect(checkFiles([two[0]!], PDF_SINGLE_50MB_ACCEPT, 0).accepted).toHaveLength(1);
  });

  it('leaves .DS_Store and Thumbs.db out silently, and appends to an existing image list', () => {
    const result = checkFiles(
      [
        { name: '.DS_Store', type: '', size: 6148 },
        { name: 'Thumbs.db', type: '', size: 20000 },
        { name: 'a.png', type: 'image/png', size: 10 },
      ],
      IMAGES_ACCEPT,
      12,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.ignored.map((f) => f.name)).toEqual(['.DS_Store', 'Thumbs.db']);
    expect(result.rejections).toEqual([]);
  });

  it('refuses the real 0-byte PDF of the corpus as empty and keeps the damaged ones for the server', () => {
    const result = checkFiles(corpusFiles('pdf-malformed'), {
      ...PDF_SINGLE_50MB_ACCEPT,
      maxFiles: undefined,
    });
    expect(result.rejections.map((r) => [r.file.name, r.errors.map((e) => e.code)])).toEqual([
      ['empty.pdf', ['file-empty']],
    ]);
    expect(result.accepted).toHaveLength(5);
  });

  it('gives a typed error for sizes that are not real numbers, and handles huge sizes', () => {
    const result = checkFiles(
      [
        { name: 'a.pdf', type: '', size: Number.NaN },
        { name: 'b.pdf', type: '', size: -1 },
        { name: 'c.pdf', type: '', size: Number.MAX_SAFE_INTEGER },
      ],
      getTool('pdf-split').accept,
      -3,
    );
    expect(result.rejections.map((r) => r.errors[0]?.code)).toEqual([
      'file-invalid-size',
      'file-invalid-size',
      'file-too-large',
    ]);
  });

  it('checks the whole corpus of images against the images page without a single rejection', () => {
    const images = corpusFiles('images').filter((f) => !f.name.endsWith('.txt'));
    const result = checkFiles(images, IMAGES_ACCEPT);
    expect(result.rejections).toEqual([]);
    expect(result.accepted).toHaveLength(images.length);
  });
});
