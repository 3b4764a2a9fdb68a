import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getTool } from '../catalogue';
import { ConversionInputError } from './conversion.errors';
import { buildConversionForm, resolveToolEndpoint } from './conversion.form';
import type { ConversionForm } from './conversion.types';

const pdf = () => new File(['%PDF-1.4'], 'in.pdf', { type: 'application/pdf' });
const textFields = (form: ConversionForm) =>
  Object.fromEntries(form.fields.filter(([, v]) => typeof v === 'string') as Array<[string, string]>);
const names = (form: ConversionForm) => form.fields.map(([name]) => name);

describe('buildConversionForm: spec part 1 section 7', () => {
  it('office/to/pdf: File, StoreFile, PdfVersion; PageRange, PdfA and DocumentOpenPassword only when set', () => {
    const office = getTool('office-to-pdf');
    const bare = buildConversionForm(office, {}, { files: [new File(['x'], 'a.docx')] });
    expect(bare.endpoint).toBe('office/to/pdf');
    expect(names(bare)).toEqual(['File', 'PdfVersion', 'StoreFile']);
    expect(textFields(bare)).toEqual({ PdfVersion: '1.4', StoreFile: 'true' });
    const full = buildConversionForm(
      office,
      { PageRange: '1-5, 8', PdfVersion: '1.7', PdfA: true, DocumentOpenPassword: ' secret ' },
      { files: [new File(['x'], 'a.docx')] },
    );
    expect(textFields(full)).toEqual({
      PageRange: '1-5, 8',
      PdfVersion: '1.7',
      PdfA: 'true',
      DocumentOpenPassword: ' secret ',
      StoreFile: 'true',
    });
    const off = buildConversionForm(office, { PdfA: false, PageRange: '   ' }, { files: [pdf()] });
    expect(names(off)).not.toContain('PdfA');
    expect(names(off)).not.toContain('PageRange');
  });

  it('images/to/pdf: Files[i] in order; margins only > 0, sizes only when not default, Pdfa only when on', () => {
    const images = getTool('images-to-pdf');
    const files = ['a.png', 'b.jpg', 'c.webp'].map((n) => new File(['x'], n));
    const defaults = buildConversionForm(images, { MarginHorizontal: '', MarginVertical: 0 }, { files });
    expect(names(defaults)).toEqual(['Files[0]', 'Files[1]', 'Files[2]', 'StoreFile']);
    expect(defaults.fields.slice(0, 3).map(([, v]) => (v as { fileName: string }).fileName)).toEqual([
      'a.png',
      'b.jpg',
      'c.webp',
    ]);
    const set = buildConversionForm(
      images,
      {
        PageSize: 'a4',
        PageOrientation: 'landscape',
        MarginHorizontal: 12,
        MarginVertical: '-3',
        Pdfa: 'true',
      },
      { files },
    );
    expect(textFields(set)).toEqual({
      PageSize: 'a4',
      PageOrientation: 'landscape',
      MarginHorizontal: '12',
      Pdfa: 'true',
      StoreFile: 'true',
    });
  });

  it('web/to/pdf: Url and StoreFile only; a blank URL is the spec text', () => {
    const web = getTool('web-to-pdf');
    expect(buildConversionForm(web, {}, { url: ' https://example.com ' }).fields).toEqual([
      ['Url', 'https://example.com'],
      ['StoreFile', 'true'],
    ]);
    expect(() => buildConversionForm(web, {}, { url: '  ' })).toThrow(
      'Please enter a website URL to convert.',
    );
  });

  it('from-PDF pages: File and StoreFile only', () => {
    for (const id of ['pdf-to-word', 'pdf-to-powerpoint', 'pdf-to-excel', 'html-to-pdf'] as const) {
      const form = buildConversionForm(getTool(id), {}, { files: [pdf()] });
      expect(names(form)).toEqual(['File', 'StoreFile']);
    }
  });
});

describe('buildConversionForm: spec part 2 section 7', () => {
  it('protect: OwnerPassword only when non-blank', () => {
    const protect = getTool('pdf-protect');
    const form = buildConversionForm(
      protect,
      { UserPassword: 'foo', OwnerPassword: '   ' },
      { files: [pdf()] },
    );
    expect(textFields(form).UserPassword).toBe('foo');
    expect(names(form)).not.toContain('OwnerPassword');
    const both = buildConversionForm(
      protect,
      { UserPassword: 'foo', OwnerPassword: 'bar' },
      { files: [pdf()] },
    );
    expect(textFields(both).OwnerPassword).toBe('bar');
  });

  it("rotate: PageRange 'all' (any case) is not sent; other ranges are", () => {
    const rotate = getTool('pdf-rotate');
    expect(
      names(buildConversionForm(rotate, { RotatePage: '180', PageRange: ' ALL ' }, { files: [pdf()] })),
    ).toEqual(['File', 'RotatePage', 'StoreFile']);
    expect(textFields(buildConversionForm(rotate, { RotatePage: '90' }, { files: [pdf()] })).PageRange).toBe(
      '1-99',
    );
  });

  it('merge: Files[i] and StoreFile; fewer than 2 files is the spec text', () => {
    const merge = getTool('pdf-merge');
    expect(names(buildConversionForm(merge, {}, { files: [pdf(), pdf()] }))).toEqual([
      'Files[0]',
      'Files[1]',
      'StoreFile',
    ]);
    expect(() => buildConversionForm(merge, {}, { files: [pdf()] })).toThrow(
      merge.texts.missingFileMessage as string,
    );
  });

  it('redact: the terms field is sent only while its preset shows it', () => {
    const redact = getTool('pdf-redact');
    const terms = redact.options.find((o) => o.shownWhen)!.name;
    const auto = buildConversionForm(redact, { Preset: 'auto', [terms]: 'John' }, { files: [pdf()] });
    expect(names(auto)).not.toContain(terms);
    const manual = buildConversionForm(redact, { Preset: 'manual', [terms]: 'John' }, { files: [pdf()] });
    expect(textFields(manual)[terms]).toBe('John');
  });

  it('workflow spellings post to the page endpoint; alternates stay; strangers are refused', () => {
    expect(resolveToolEndpoint(getTool('pdf-merge'), 'pdf/merge')).toBe('pdf/to/merge');
    expect(resolveToolEndpoint(getTool('pdf-to-excel'), 'pdf/to/excel')).toBe('pdf/to/xlsx');
    expect(resolveToolEndpoint(getTool('pdf-ocr'), 'pdf/to/txt')).toBe('pdf/to/txt');
    expect(() => resolveToolEndpoint(getTool('pdf-ocr'), 'pdf/to/compress')).toThrow(ConversionInputError);
  });

  it('a stored result can stand in for a file (FileId first, else Url)', () => {
    const compress = getTool('pdf-compress');
    const byId = buildConversionForm(
      compress,
      {},
      { files: [{ fileId: 'abc', url: 'https://h/d/abc/x.pdf' }] },
    );
    expect(byId.fields[0]).toEqual(['File', 'abc']);
    const byUrl = buildConversionForm(compress, {}, { files: [{ url: 'https://h/d/abc/x.pdf' }] });
    expect(byUrl.fields[0]).toEqual(['File', 'https://h/d/abc/x.pdf']);
    expect(() => buildConversionForm(compress, {}, { files: [{ fileId: ' ' }] })).toThrow(
      ConversionInputError,
    );
  });

  it('single-file tools refuse zero or two files with the spec texts', () => {
    const compress = getTool('pdf-compress');
    expect(() => buildConversionForm(compress, {}, { files: [] })).toThrow(
      compress.texts.missingFileMessage as string,
    );
    expect(() => buildConversionForm(compress, {}, { files: [pdf(), pdf()] })).toThrow(
      'This tool accepts only one file',
    );
  });

  it('parameters never override the input fields, and StoreFile is always exactly once and true', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('File', 'files[0]', 'URL', 'StoreFile', 'Preset', 'Extra', 'storefile'),
          fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null)),
        ),
        (values) => {
          const form = buildConversionForm(getTool('pdf-compress'), values, { files: [pdf()] });
          expect(form.fields.filter(([n]) => n.toLowerCase() === 'storefile')).toEqual([
            ['StoreFile', 'true'],
          ]);
          expect(form.fields.filter(([n]) => /^(file|files\[0\]|url)$/i.test(n))).toHaveLength(1);
          for (const [, value] of form.fields)
            if (typeof value === 'string') expect(value.trim()).not.toBe('');
        },
      ),
    );
  });
});
