import { describe, expect, it } from 'vitest';
import { handOffTargets } from './hand-off';

const ids = (files: Parameters<typeof handOffTargets>[0], from?: Parameters<typeof handOffTargets>[1]) =>
  handOffTargets(files, from).map((tool) => tool.id);

describe('handOffTargets', () => {
  it('offers a compressed PDF to the PDF tools, not to itself, URL tools or tools of other formats', () => {
    const targets = ids([{ fileExt: 'pdf', fileSize: 200_000 }], 'pdf-compress');
    expect(targets).toContain('pdf-protect');
    expect(targets).toContain('pdf-merge');
    expect(targets).toContain('pdf-ocr');
    expect(targets).not.toContain('pdf-compress');
    expect(targets).not.toContain('web-to-pdf');
    expect(targets).not.toContain('images-to-pdf');
  });

  it('follows the format: JPG pages go to images-to-pdf, a DOCX to office-to-pdf', () => {
    expect(ids([{ fileExt: 'jpg', fileSize: 10_000 }])).toEqual(['images-to-pdf']);
    expect(ids([{ fileExt: 'DOCX', fileSize: 10_000 }])).toContain('office-to-pdf');
  });

  it('leaves out tools whose size limit the file exceeds', () => {
    const large = ids([{ fileExt: 'pdf', fileSize: 60 * 1024 * 1024 }]);
    expect(large).not.toContain('pdf-protect');
    expect(large).toContain('pdf-split');
  });
});
