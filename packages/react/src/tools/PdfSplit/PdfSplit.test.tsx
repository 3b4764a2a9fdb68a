import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleResults } from '../../fixtures';
import { convertUntil, fieldError, fillField, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfSplit } from './PdfSplit';

describeToolScenarios({
  Component: PdfSplit,
  toolId: 'pdf-split',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(100),
  expectedFields: [
    ['SplitByPattern', '1'],
    ['StoreFile', 'true'],
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PdfSplit page', () => {
  it("two PDFs at once: 'Too many files' / 'Please upload only one PDF file'", async () => {
    const harness = await renderWithFiles(PdfSplit, 'pdf-split', ['crazyones.pdf', 'pdflatex-4-pages.pdf']);
    await expect
      .poll(() => harness.toasts())
      .toEqual([{ title: 'Too many files', message: 'Please upload only one PDF file', variant: 'failure' }]);
    expect(harness.state()).toBe('idle');
  });

  it('specific pages: the button waits for a range, then only ExtractPages is sent', async () => {
    const harness = await renderWithFiles(
      PdfSplit,
      'pdf-split',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-split'),
    );
    await harness.screen.getByRole('radio', { name: 'Specific pages' }).click();
    expect(harness.part('split-mode')?.getAttribute('data-state')).toBe('pages');
    await expect.element(harness.convertButton()).toBeDisabled();
    await fillField(harness, 'Pages to extract', '1-2, 4');
    await expect.element(harness.convertButton()).toBeEnabled();
    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['ExtractPages', '1-2, 4'],
      ['StoreFile', 'true'],
    ]);
  });

  it('chunks: sends SplitByPattern with the pages per file', async () => {
    const harness = await renderWithFiles(
      PdfSplit,
      'pdf-split',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-split'),
    );
    await harness.screen.getByRole('radio', { name: 'Chunks' }).click();
    await fillField(harness, 'Pages per file', '3');
    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['SplitByPattern', '3'],
      ['StoreFile', 'true'],
    ]);
  });

  it('shows a server ExtractPages error in red under the field', async () => {
    const harness = await renderWithFiles(PdfSplit, 'pdf-split', ['pdflatex-4-pages.pdf'], {
      kind: 'invalid-parameters',
      fields: { ExtractPages: ['Page 9 is past the end of the document (4 pages)'] },
    });
    await harness.screen.getByRole('radio', { name: 'Specific pages' }).click();
    await fillField(harness, 'Pages to extract', '9');
    await convertUntil(harness, 'failed');
    expect(fieldError(harness, 'ExtractPages')).toBe('Page 9 is past the end of the document (4 pages)');
    await expect.poll(() => harness.toasts().map((t) => t.title)).toEqual(['Parameter validation error']);
  });

  it('offers the 4 parts as one ZIP of the server, every FileId in order', async () => {
    const harness = await renderWithFiles(
      PdfSplit,
      'pdf-split',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-split'),
    );
    await convertUntil(harness, 'complete');
    const zip = harness.part('download-zip') as HTMLAnchorElement;
    expect(zip.textContent).toBe('Download all as ZIP');
    const url = new URL(zip.href);
    expect(url.pathname.endsWith('/zip')).toBe(true);
    expect(url.searchParams.get('files')?.split(',')).toEqual(
      exampleResults['pdf-split'].map((f) => f.FileId),
    );
    expect(harness.part('download-all')).toBeNull();
  });
});
