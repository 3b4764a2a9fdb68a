/**
 * Which pages already have text. A page with any extractable character keeps its own text (like
 * OCRmyPDF's --skip-text); the others need OCR. MuPDF is synchronous WebAssembly, so the loop yields
 * to the event loop after each page and checks the job's signal.
 */
import { engineTimeout } from '../../contract/errors';
import { openPdf } from '../mupdf';

export interface PageTextLayer {
  /** The page's text as MuPDF extracts it ('' when it has none). */
  text: string;
  /** Page size in points (after /Rotate), for choosing the OCR resolution. */
  width: number;
  height: number;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `deadlineAt` (epoch ms) bounds the loop: a 50 000-page file must not outlive its job. */
export async function readTextLayers(
  path: string,
  signal: AbortSignal,
  deadlineAt = Number.POSITIVE_INFINITY,
): Promise<PageTextLayer[]> {
  const doc = await openPdf(path);
  try {
    const pages: PageTextLayer[] = [];
    for (let index = 0; index < doc.countPages(); index++) {
      if (signal.aborted) throw signal.reason;
      if (Date.now() > deadlineAt) throw engineTimeout();
      const page = doc.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const stext = page.toStructuredText('preserve-whitespace');
      pages.push({ text: stext.asText(), width: x1 - x0, height: y1 - y0 });
      stext.destroy();
      page.destroy();
      await yieldToEventLoop();
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

export const hasText = (page: PageTextLayer): boolean => page.text.trim() !== '';
