/**
 * A result handed over from another tool (kept by the server, chosen as an empty placeholder) gets
 * its page pictures too: the organiser downloads its bytes from the file's URL, and the request still
 * sends the FileId, never those bytes.
 */
import type { ConversionFile } from '@docstudio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleResults, fixtureFiles, loadFixtures } from '../../fixtures';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { convertUntil, renderTool, type ToolHarness } from '../../testing/tool.harness';
import { PdfMerge } from '../PdfMerge';
import { PdfRotate } from '../PdfRotate';
import { PdfSplit } from '../PdfSplit';

beforeAll(warmUpPdfJs, 60_000);

// Served as any stored result is: a plain GET of its URL (here the test server's copy of the corpus file).
const handedOver: ConversionFile = {
  fileName: 'pdflatex-4-pages.pdf',
  fileSize: 24607,
  url: new URL(fixtureFiles['pdflatex-4-pages.pdf'].url, window.location.href).href,
  fileId: 'stored-four-pages',
  fileExt: 'pdf',
};

const readyPages = (harness: ToolHarness) =>
  harness.root.querySelectorAll('[data-part="page-image"][data-state="ready"]').length;

describe('organiser on a handed-over file', () => {
  it('Rotate draws the stored PDF’s pages; a click chooses a page; the FileId is sent', async () => {
    const harness = await renderTool(
      PdfRotate,
      'pdf-rotate',
      { initialFiles: [handedOver] },
      { kind: 'success', files: exampleResults['pdf-rotate'] },
    );
    await expect.poll(() => readyPages(harness), { timeout: 20_000 }).toBe(4);
    await harness.screen.getByRole('button', { name: 'No pages' }).click();
    await harness.screen.getByRole('button', { name: 'Rotate page 3', exact: true }).click();
    await expect.element(harness.screen.getByRole('textbox', { name: 'Pages to rotate' })).toHaveValue('3');
    await convertUntil(harness, 'complete');
    expect(harness.fake.requests[0]?.fields.get('File')).toBe('stored-four-pages');
  });

  it('Split draws the stored PDF’s pages with a scissors button between each two', async () => {
    const harness = await renderTool(PdfSplit, 'pdf-split', { initialFiles: [handedOver] });
    await expect.poll(() => readyPages(harness), { timeout: 20_000 }).toBe(4);
    expect(harness.parts('split-boundary')).toHaveLength(3);
    await harness.screen.getByRole('button', { name: 'Split after page 2' }).click();
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to extract' }))
      .toHaveValue('1-2, 3-4');
  });

  it('Merge shows a handed-over file’s pages on demand, beside a picked file', async () => {
    const harness = await renderTool(PdfMerge, 'pdf-merge', { initialFiles: [handedOver] });
    await harness.drop(await loadFixtures('crazyones.pdf'));
    expect(harness.parts('file-name').map((name) => name.textContent)).toEqual([
      'pdflatex-4-pages.pdf',
      'crazyones.pdf',
    ]);
    expect(readyPages(harness)).toBe(0);
    await harness.screen.getByRole('button', { name: 'Show the pages of pdflatex-4-pages.pdf' }).click();
    await expect.poll(() => readyPages(harness), { timeout: 20_000 }).toBe(4);
  });
});
