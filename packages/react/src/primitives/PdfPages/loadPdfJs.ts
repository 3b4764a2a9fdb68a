/**
 * pdf.js, loaded on first use only: the dynamic import keeps its ~400 KB out of every page that never
 * shows a PDF, and the worker starts once per page and is shared by every open document.
 */
type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | undefined;

async function load(): Promise<PdfJs> {
  const pdfjs = await import('pdfjs-dist');
  if (pdfjs.GlobalWorkerOptions.workerPort) return pdfjs;
  try {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('./pdf.worker.ts', import.meta.url), {
      type: 'module',
      name: 'docstudio-pdf',
    });
  } catch {
    // Browsers refuse a worker from another origin than the page's: a partner page loading the
    // elements from the studio. pdf.js then runs its worker code in the page itself (slower, same
    // pictures), found on `globalThis.pdfjsWorker`.
    const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  }
  return pdfjs;
}

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= load();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
