/**
 * openPdf: a PDF the user picked, opened in the browser for page pictures (thumbnails, previews).
 * Nothing leaves the page: the bytes go to the pdf.js worker only.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { loadPdfJs } from './loadPdfJs';

export interface RenderPageOptions {
  /** Width of the picture in CSS pixels; the height follows the page's shape. */
  width: number;
  /** Extra clockwise rotation in degrees (a multiple of 90), on top of the page's own /Rotate. */
  rotation?: number;
  /** Device pixels per CSS pixel; the screen's by default, so the picture is sharp. */
  pixelRatio?: number;
  /** Aborts the rendering (the promise then rejects with an AbortError). */
  signal?: AbortSignal;
}

export interface PdfDocumentHandle {
  readonly pageCount: number;
  /** Renders page `index` (0-based) to a new canvas sized `width` CSS pixels wide. */
  renderPage(index: number, options: RenderPageOptions): Promise<HTMLCanvasElement>;
  /** Width / height of page `index` as shown (its own /Rotate applied), before any extra rotation. */
  pageAspect(index: number): Promise<number>;
  /** Size of page `index` in points as shown (its own /Rotate applied): previews draw in this space. */
  pageSize(index: number): Promise<{ width: number; height: number }>;
  /** Frees the document in the worker; the handle is unusable after. */
  destroy(): Promise<void>;
}

function abortError(): DOMException {
  return new DOMException('The page rendering was aborted.', 'AbortError');
}

/** Quarter turns only; pdf.js refuses anything else. */
export function normaliseRotation(degrees: number): number {
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

export async function openPdf(file: Blob): Promise<PdfDocumentHandle> {
  const { pdfjs, worker } = await loadPdfJs();
  const data = new Uint8Array(await file.arrayBuffer());
  // isEvalSupported: false keeps pdf.js from compiling font programs with `new Function`, which
  // the studio's Content-Security-Policy (script-src 'self') forbids.
  const task = pdfjs.getDocument({ data, worker, isEvalSupported: false });
  const pdf: PDFDocumentProxy = await task.promise;

  async function withPage<T>(index: number, use: (page: PDFPageProxy) => Promise<T>): Promise<T> {
    if (!Number.isInteger(index) || index < 0 || index >= pdf.numPages) {
      throw new RangeError(`Page ${index + 1} is not in this ${pdf.numPages}-page document.`);
    }
    return use(await pdf.getPage(index + 1));
  }

  return {
    pageCount: pdf.numPages,
    pageAspect: (index) =>
      withPage(index, async (page) => {
        const viewport = page.getViewport({ scale: 1 });
        return viewport.width / viewport.height;
      }),
    pageSize: (index) =>
      withPage(index, async (page) => {
        const { width, height } = page.getViewport({ scale: 1 });
        return { width, height };
      }),
    renderPage: (index, { width, rotation = 0, pixelRatio, signal }) =>
      withPage(index, async (page) => {
        if (signal?.aborted) throw abortError();
        const turned = normaliseRotation(page.rotate + rotation);
        const unscaled = page.getViewport({ scale: 1, rotation: turned });
        const ratio = pixelRatio ?? globalThis.devicePixelRatio ?? 1;
        const viewport = page.getViewport({ scale: (width * ratio) / unscaled.width, rotation: turned });
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(viewport.width));
        canvas.height = Math.max(1, Math.round(viewport.height));
        const render = page.render({ canvas, viewport });
        const cancel = () => render.cancel();
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          await render.promise;
        } catch (error) {
          if (signal?.aborted) throw abortError();
          throw error;
        } finally {
          signal?.removeEventListener('abort', cancel);
          // Drops the page's decoded images and fonts in the worker: a long document scrolled
          // through would otherwise keep every page's resources.
          page.cleanup();
        }
        return canvas;
      }),
    destroy: () => pdf.destroy(),
  };
}
