import { describe, expect, it, vi } from 'vitest';
import { getTool } from '../catalogue';
import {
  acceptedRunFormatsLabel,
  addRunFiles,
  isRunFileAccepted,
  stepInputKind,
  validateRunInput,
} from './workflow.input';

const file = (name: string, type = '') => new File(['x'], name, { type });

describe('run-screen input', () => {
  it('knows the multi-file endpoints (images/to/pdf, pdf/merge = pdf/to/merge) and warns on unknown ones', () => {
    const warn = vi.fn();
    expect(stepInputKind('images/to/pdf', { warn })).toBe('multi-file');
    expect(stepInputKind('pdf/merge', { warn })).toBe('multi-file');
    expect(stepInputKind('pdf/to/merge', { warn })).toBe('multi-file');
    expect(stepInputKind('web/to/pdf', { warn })).toBe('url');
    expect(stepInputKind('pdf/to/compress', { warn })).toBe('single-file');
    expect(warn).not.toHaveBeenCalled();
    expect(stepInputKind('foo/to/bar', { warn })).toBe('single-file');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('validates before Run with the spec texts', () => {
    expect(validateRunInput('web/to/pdf', { url: '  ' })).toBe('Please enter a URL');
    expect(validateRunInput('web/to/pdf', { url: 'https://example.com' })).toBeNull();
    expect(validateRunInput('images/to/pdf', { files: [] })).toBe('Please upload at least one file');
    expect(validateRunInput('pdf/merge', { files: [] })).toBe('Please upload at least one file');
    expect(validateRunInput('pdf/merge', { files: [1] })).toBe('Please upload at least 2 PDF files to merge');
    expect(validateRunInput('pdf/merge', { files: [1, 2] })).toBeNull();
    expect(validateRunInput('pdf/to/compress', {})).toBe('Please upload a file');
    expect(validateRunInput('pdf/to/compress', { files: [1, 2] })).toBe('This tool accepts only one file');
  });

  it('derives accepted types from the first tool, by extension or MIME', () => {
    expect(acceptedRunFormatsLabel(getTool('pdf-compress'))).toBe('PDF');
    expect(acceptedRunFormatsLabel(getTool('html-to-pdf'))).toBe('HTML, HTM');
    const images = getTool('images-to-pdf');
    expect(isRunFileAccepted(images, file('scan.TIF'))).toBe(true);
    expect(isRunFileAccepted(images, file('photo', 'image/webp'))).toBe(true);
    expect(isRunFileAccepted(getTool('pdf-compress'), file('doc.docx'))).toBe(false);
    expect(isRunFileAccepted(getTool('office-to-pdf'), file('sheet.xlsx'))).toBe(true);
  });

  it('single-file tools replace the selection; multi-file tools append; unsupported files are named', () => {
    const compress = getTool('pdf-compress');
    const first = addRunFiles(compress, [], [file('a.pdf')]);
    expect(first).toEqual({ files: [expect.any(File)], message: '1 file(s) uploaded' });
    const replaced = addRunFiles(compress, first.files, [file('b.pdf')]);
    expect(replaced.files.map((f) => f.name)).toEqual(['b.pdf']);
    expect(replaced.message).toBe('1 file uploaded (replaced previous selection)');
    const merge = getTool('pdf-merge');
    const appended = addRunFiles(merge, [file('a.pdf')], [file('b.pdf'), file('c.pdf'), file('notes.txt')]);
    expect(appended.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(appended.message).toBe('2 file(s) uploaded');
    expect(appended.error).toBe('File type not supported. This tool accepts: PDF');
    const none = addRunFiles(compress, [file('keep.pdf')], [file('x.exe')]);
    expect(none.files.map((f) => f.name)).toEqual(['keep.pdf']);
    expect(none.message).toBeUndefined();
    expect(addRunFiles(merge, [], [file('.DS_Store'), file('Thumbs.db')])).toEqual({ files: [] });
  });
});
