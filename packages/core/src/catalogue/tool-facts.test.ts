/** Accept rules, formats, cadences and texts of both spec parts, read back from the catalogue. */
import { describe, expect, it } from 'vitest';
import { getTool, type ToolId, tools } from './index';

const MB = 1024 * 1024;

describe('accept rules', () => {
  it('office: the 17 extensions, one file, 100 MB, its own message', () => {
    const { accept } = getTool('office-to-pdf');
    expect(accept.extensions).toEqual(
      'doc dot docx dotx wpd rtf log potx pps ppsx ppt pptx csv xls xlsb xlsx xltx'.split(' '),
    );
    expect([accept.maxFiles, accept.maxSize]).toEqual([1, 100 * MB]);
    expect(accept.rejectMessage).toBe('Please upload a supported Office document format.');
    expect(accept.rejectTitle).toBe('Invalid file format');
  });
  it('images: nine extensions, many files, 50 MB each', () => {
    const { accept } = getTool('images-to-pdf');
    expect(accept.extensions).toEqual(['jpg', 'jpeg', 'png', 'gif', 'tiff', 'tif', 'bmp', 'webp', 'svg']);
    expect([accept.maxFiles, accept.maxSize]).toEqual([undefined, 50 * MB]);
    expect(accept.rejectMessage).toBe('Please upload supported image formats only.');
  });
  it('html: .html and .htm, one file, 10 MB', () => {
    const { accept } = getTool('html-to-pdf');
    expect([accept.extensions, accept.maxFiles, accept.maxSize]).toEqual([['html', 'htm'], 1, 10 * MB]);
    expect(accept.rejectMessage).toBe('Please upload HTML files only (.html or .htm).');
  });
  it('PDF tools: one PDF of 50 MB, or 100 MB with their own texts; merge many, no limit, at least 2', () => {
    const fifty: ToolId[] = [
      'pdf-to-word',
      'pdf-to-powerpoint',
      'pdf-to-excel',
      'pdf-to-jpg',
      'pdf-compress',
    ];
    for (const id of [...fifty, 'pdf-protect', 'pdf-unprotect', 'pdf-to-pdfa'] as ToolId[]) {
      const { accept } = getTool(id);
      expect([accept.extensions, accept.mimeTypes, accept.maxFiles, accept.maxSize]).toEqual([
        ['pdf'],
        ['application/pdf'],
        1,
        50 * MB,
      ]);
      expect(accept.rejectMessage).toBe('Please upload PDF files only.');
    }
    for (const id of ['pdf-split', 'pdf-rotate', 'pdf-watermark', 'pdf-ocr', 'pdf-redact'] as ToolId[]) {
      const { accept } = getTool(id);
      expect([accept.maxFiles, accept.maxSize]).toEqual([1, 100 * MB]);
      expect([accept.tooManyTitle, accept.tooManyMessage]).toEqual([
        'Too many files',
        'Please upload only one PDF file',
      ]);
      expect(accept.tooLargeMessage).toBe('File size must be less than 100MB');
    }
    const merge = getTool('pdf-merge').accept;
    expect([merge.maxFiles, merge.maxSize, merge.minFiles]).toEqual([undefined, undefined, 2]);
    expect([merge.tooFewTitle, merge.tooFewMessage]).toEqual([
      'More files needed',
      'Please select at least 2 PDF files to merge.',
    ]);
  });
});

describe('formats (workflow compatibility)', () => {
  it('gives inputs and outputs per tool', () => {
    expect(getTool('office-to-pdf').inputFormats).toEqual(
      expect.arrayContaining(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']),
    );
    expect(getTool('web-to-pdf').inputFormats).toEqual(['url']);
    expect(getTool('pdf-to-word').outputFormats).toEqual(['docx']);
    expect(getTool('pdf-to-excel').outputFormats).toEqual(['xlsx']);
    expect(getTool('pdf-to-powerpoint').outputFormats).toEqual(['pptx']);
    expect(getTool('pdf-to-jpg').outputFormats).toEqual(['jpg']);
    expect(getTool('pdf-ocr').outputFormats).toEqual(['pdf', 'txt']);
    for (const tool of tools.filter((t) => t.landingCategory !== 'Convert to PDF')) {
      expect(tool.inputFormats).toEqual(['pdf']);
    }
  });
  it('picks the OCR endpoint by output format', () => {
    expect(getTool('pdf-ocr').endpointChoices?.map((c) => [c.label, c.endpoint])).toEqual([
      ['Searchable PDF', 'pdf/to/ocr'],
      ['Text File', 'pdf/to/txt'],
    ]);
  });
  it('takes File, Files[i] or Url as the spec says', () => {
    expect(tools.filter((t) => t.input === 'multi-file').map((t) => t.id)).toEqual([
      'images-to-pdf',
      'pdf-merge',
    ]);
    expect(tools.filter((t) => t.input === 'url').map((t) => t.id)).toEqual(['web-to-pdf']);
  });
});

describe('progress cadences', () => {
  it('follows part 1 (10 per 500 ms) and part 2 section 9, all capped at 90', () => {
    const cadence = (id: ToolId) => {
      const { step, intervalMs, cap } = getTool(id).progress;
      return [step, intervalMs, cap];
    };
    for (const tool of tools.slice(0, 12)) expect(cadence(tool.id)).toEqual([10, 500, 90]);
    for (const id of ['pdf-merge', 'pdf-split', 'pdf-rotate', 'pdf-watermark'] as ToolId[]) {
      expect(cadence(id)).toEqual([10, 200, 90]);
    }
    expect(cadence('pdf-ocr')).toEqual([5, 500, 90]);
    expect(cadence('pdf-redact')).toEqual([8, 300, 90]);
  });
});

describe('texts', () => {
  it('has the part 1 success messages and failure title', () => {
    const success = (id: ToolId) => getTool(id).texts.successMessage;
    expect(success('office-to-pdf')).toBe('Your file has been successfully converted to PDF.');
    expect(success('images-to-pdf')).toBe('Your images have been successfully converted to PDF.');
    expect(success('web-to-pdf')).toBe('Your website has been successfully converted to PDF.');
    expect(success('html-to-pdf')).toBe('Your HTML has been successfully converted to PDF.');
    expect(success('pdf-to-word')).toBe('Your PDF has been successfully converted to Word format.');
    expect(success('pdf-to-powerpoint')).toBe(
      'Your PDF has been successfully converted to PowerPoint format.',
    );
    expect(success('pdf-to-excel')).toBe('Your PDF has been successfully converted to Excel format.');
    expect(success('pdf-to-jpg')).toBe('Your PDF has been successfully converted to JPG images.');
    for (const tool of tools.slice(0, 8)) {
      expect(tool.texts).toMatchObject({
        successTitle: 'Conversion completed!',
        failureTitle: 'Conversion failed',
        failureFallback: 'An unexpected error occurred.',
        busyLabel: 'Converting...',
      });
    }
  });
  it('has the part 2 failure titles and fallbacks', () => {
    const failure = (id: ToolId) => [getTool(id).texts.failureTitle, getTool(id).texts.failureFallback];
    expect(failure('pdf-compress')).toEqual(['Compression failed', 'An unexpected error occurred.']);
    expect(failure('pdf-protect')[0]).toBe('Protection failed');
    expect(failure('pdf-unprotect')[0]).toBe('Unlock failed');
    expect(failure('pdf-unprotect')[1]).toMatch(/check the password/);
    expect(failure('pdf-to-pdfa')[0]).toBe('Conversion failed');
    expect(failure('pdf-merge')).toEqual(['Merge failed', 'Failed to merge PDFs. Please try again.']);
    expect(failure('pdf-split')).toEqual(['Split failed', 'Failed to split PDF. Please try again.']);
    expect(failure('pdf-rotate')[1]).toBe('Failed to rotate PDF. Please try again.');
    expect(failure('pdf-watermark')[1]).toBe('Failed to add watermark. Please try again.');
    expect(failure('pdf-ocr')[1]).toBe('Failed to process OCR. Please try again.');
    expect(failure('pdf-redact')[1]).toBe('Failed to redact PDF. Please try again.');
  });
  it('has the headings and the missing-file and URL messages', () => {
    expect(tools.map((t) => t.texts.heading).slice(8)).toEqual([
      'PDF Compressor',
      'PDF Password Protection',
      'PDF Password Removal',
      'PDF to PDF/A Converter',
      'Merge PDF Files',
      'Split PDF Files',
      'Rotate PDF Pages',
      'Add PDF Watermark',
      'PDF OCR',
      'Redact PDF Content',
    ]);
    expect(getTool('office-to-pdf').texts.heading).toBe('Office to PDF Converter');
    expect(getTool('html-to-pdf').texts.missingFileMessage).toBe('Please upload an HTML file to convert.');
    expect(getTool('pdf-to-jpg').texts).toMatchObject({
      missingFileTitle: 'File required',
      missingFileMessage: 'Please upload a PDF file to convert.',
    });
    expect(getTool('web-to-pdf').texts).toMatchObject({
      urlRequiredTitle: 'URL required',
      urlRequiredMessage: 'Please enter a website URL to convert.',
      urlInvalidTitle: 'Invalid URL',
      urlInvalidMessage: 'Please enter a valid website URL (e.g., {host}).',
    });
  });
});
