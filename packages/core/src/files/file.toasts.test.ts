import { describe, expect, it } from 'vitest';
import { getTool } from '../catalogue';
import { checkFileCount, checkFiles, rejectionToast } from './index';

const MB = 1024 * 1024;

describe('rejectionToast', () => {
  it("shows 'Invalid file format' with the page message for a wrong type", () => {
    const office = getTool('office-to-pdf').accept;
    const { rejections } = checkFiles(
      [{ name: 'a.exe', type: 'application/x-msdownload', size: 10 }],
      office,
    );
    expect(rejectionToast(office, rejections[0]!.errors)).toEqual({
      title: 'Invalid file format',
      message: 'Please upload a supported Office document format.',
    });
  });

  it('uses the 100 MB pages own words for size and count', () => {
    const rotate = getTool('pdf-rotate').accept;
    const big = checkFiles([{ name: 'a.pdf', type: '', size: 101 * MB }], rotate).rejections[0]!;
    expect(rejectionToast(rotate, big.errors)).toEqual({
      title: 'File too large',
      message: 'File size must be less than 100MB',
    });
    const many = checkFiles(
      [
        { name: 'a.pdf', type: '', size: 1 },
        { name: 'b.pdf', type: '', size: 1 },
      ],
      rotate,
    ).rejections[0]!;
    expect(rejectionToast(rotate, many.errors)).toEqual({
      title: 'Too many files',
      message: 'Please upload only one PDF file',
    });
  });

  it('falls back to the precise reason on pages without their own words', () => {
    const word = getTool('pdf-to-word').accept;
    const big = checkFiles([{ name: 'a.pdf', type: '', size: 60 * MB }], word).rejections[0]!;
    expect(rejectionToast(word, big.errors)).toEqual({
      title: 'Invalid file format',
      message: 'File is larger than 50 MB',
    });
    expect(rejectionToast(word, [])).toEqual({
      title: 'Invalid file format',
      message: 'Please upload PDF files only.',
    });
  });
});

describe('checkFileCount', () => {
  it("asks for a file with the page's words", () => {
    expect(checkFileCount(getTool('html-to-pdf'), 0)).toEqual({
      code: 'file-required',
      title: 'File required',
      message: 'Please upload an HTML file to convert.',
    });
    expect(checkFileCount(getTool('pdf-to-excel'), 0)?.message).toBe('Please upload a PDF file to convert.');
    expect(checkFileCount(getTool('pdf-to-excel'), 1)).toBeNull();
  });

  it('needs at least 2 files to merge and allows any number above', () => {
    const merge = getTool('pdf-merge');
    for (const count of [0, 1]) {
      expect(checkFileCount(merge, count)).toEqual({
        code: 'too-few-files',
        title: 'More files needed',
        message: 'Please select at least 2 PDF files to merge.',
      });
    }
    expect(checkFileCount(merge, 250)).toBeNull();
  });

  it('refuses more than one file on single-file tools and odd counts', () => {
    expect(checkFileCount(getTool('pdf-ocr'), 2)).toEqual({
      code: 'too-many-files',
      title: 'Too many files',
      message: 'Please upload only one PDF file',
    });
    expect(checkFileCount(getTool('pdf-compress'), 3)?.message).toBe('Please select at most 1 file.');
    expect(checkFileCount(getTool('pdf-compress'), Number.NaN)?.code).toBe('file-required');
  });
});
