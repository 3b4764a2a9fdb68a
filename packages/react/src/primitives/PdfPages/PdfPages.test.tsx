import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { loadFixture } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { loadPdfJs } from './loadPdfJs';
import { normaliseRotation, openPdf } from './openPdf';
import { PdfPageImage } from './PdfPageImage';

/** Share of pixels that are not near-white: a drawn text page has some, a blank canvas none. */
function inkedShare(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200) inked++;
  }
  return inked / (data.length / 4);
}

beforeAll(warmUpPdfJs, 60_000);

describe('openPdf', () => {
  it('counts the pages and draws one at the asked width, turned when asked', async () => {
    const pdf = await openPdf(await loadFixture('pdflatex-4-pages.pdf'));
    try {
      expect(pdf.pageCount).toBe(4);
      const upright = await pdf.renderPage(1, { width: 150, pixelRatio: 1 });
      expect(upright.width).toBe(150);
      expect(upright.height).toBeGreaterThan(upright.width);
      expect(inkedShare(upright)).toBeGreaterThan(0.001);
      const turned = await pdf.renderPage(1, { width: 150, rotation: 90, pixelRatio: 1 });
      expect(turned.width).toBe(150);
      expect(turned.height).toBeLessThan(turned.width);
      await expect(pdf.renderPage(4, { width: 100 })).rejects.toThrow(
        'Page 5 is not in this 4-page document.',
      );
    } finally {
      await pdf.destroy();
    }
  });

  it('opens and draws documents while another one is being closed (one shared worker)', async () => {
    // Merge shows several files at once; removing one closes its document while the user adds the
    // next. pdf.js refuses to open a document on a worker that a closing document owns ("the worker
    // is being destroyed"), so the new file got no pages.
    const kept = await openPdf(await loadFixture('pdflatex-4-pages.pdf'));
    const closing = await openPdf(await loadFixture('crazyones.pdf'));
    try {
      const closed = closing.destroy();
      const opened = await openPdf(await loadFixture('crazyones.pdf'));
      await closed;
      expect(opened.pageCount).toBe(1);
      expect(inkedShare(await opened.renderPage(0, { width: 120, pixelRatio: 1 }))).toBeGreaterThan(0.001);
      expect(inkedShare(await kept.renderPage(2, { width: 120, pixelRatio: 1 }))).toBeGreaterThan(0.001);
      await opened.destroy();
    } finally {
      await kept.destroy();
    }
  }, 30_000);

  it('lends its one worker to documents, which never end it on close', async () => {
    // The exact moment: a document asked for while another one's close is still under way.
    const { pdfjs, worker } = await loadPdfJs();
    const bytes = new Uint8Array(await (await loadFixture('crazyones.pdf')).arrayBuffer());
    const first = await pdfjs.getDocument({ data: bytes.slice(), worker }).promise;
    const closed = first.destroy();
    const second = await pdfjs.getDocument({ data: bytes.slice(), worker }).promise;
    await closed;
    expect(second.numPages).toBe(1);
    await second.destroy();
    expect(worker.destroyed).toBe(false);
  }, 30_000);

  it('stops a rendering when its signal aborts', async () => {
    const pdf = await openPdf(await loadFixture('crazyones.pdf'));
    try {
      const controller = new AbortController();
      controller.abort();
      await expect(pdf.renderPage(0, { width: 100, signal: controller.signal })).rejects.toThrow(
        'The page rendering was aborted.',
      );
    } finally {
      await pdf.destroy();
    }
  });

  it('refuses a file that is not a PDF', async () => {
    await expect(openPdf(new Blob(['just some text'], { type: 'text/plain' }))).rejects.toThrow();
  });

  it('keeps rotations to quarter turns', () => {
    expect([0, 90, -90, 270, 360, 450, 89].map(normaliseRotation)).toEqual([0, 90, 270, 270, 0, 90, 90]);
  });
});

describe('PdfPageImage', () => {
  it('shows the page as a named picture, sideways when rotated', async () => {
    const file = await loadFixture('pdflatex-4-pages.pdf');
    const screen = await render(
      <div>
        <PdfPageImage file={file} pageIndex={2} width={120} />
        <PdfPageImage file={file} pageIndex={3} width={120} rotation={90} label="Page 4, turned" />
      </div>,
    );
    const third = screen.getByRole('img', { name: 'Page 3' });
    await expect.element(third).toHaveAttribute('data-state', 'ready');
    const turned = screen.getByRole('img', { name: 'Page 4, turned' });
    await expect.element(turned).toHaveAttribute('data-state', 'ready');
    const canvas = turned.element().querySelector('canvas');
    expect(canvas).not.toBeNull();
    const box = turned.element().getBoundingClientRect();
    expect(Math.round(box.width)).toBe(120);
    expect(box.height).toBeLessThan(box.width);
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('says so when the file cannot be drawn', async () => {
    const screen = await render(
      <PdfPageImage file={new Blob(['not a pdf'])} pageIndex={0} width={100} failedText="No preview" />,
    );
    await expect.element(screen.getByText('No preview')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Page 1' })).toHaveAttribute('data-state', 'failed');
  });
});
