/**
 * pdf.js, loaded on first use only: the dynamic import keeps its ~400 KB out of every page that never
 * shows a PDF, and the worker starts once per page and is shared by every open document.
 */
import type { PDFWorker } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist');

export interface LoadedPdfJs {
  pdfjs: PdfJs;
  /**
   * The page's one worker, passed to every `getDocument`. A document that creates its own worker
   * owns it: closing it ends the worker for all, and while it closes pdf.js refuses to open any other
   * document ("the worker is being destroyed"): a file added to Merge while another was removed got
   * no pages. Given a worker, documents only borrow it.
   */
  worker: PDFWorker;
}

let loading: Promise<LoadedPdfJs> | undefined;

async function load(): Promise<LoadedPdfJs> {
  const pdfjs = await import('pdfjs-dist');
  let port: Worker | undefined;
  try {
    port = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module', name: 'docstudio-pdf' });
  } catch {
    // Browsers refuse a worker from another origin than the page's: a partner page loading the
    // elements from the studio. pdf.js then runs its worker code in the page itself (slower, same
    // pictures), found on `globalThis.pdfjsWorker`.
    const workerCode = await import('pdfjs-dist/build/pdf.worker.min.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = workerCode;
  }
  return { pdfjs, worker: pdfjs.PDFWorker.create(port ? { port } : {}) };
}

export function loadPdfJs(): Promise<LoadedPdfJs> {
  loading ??= load();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
