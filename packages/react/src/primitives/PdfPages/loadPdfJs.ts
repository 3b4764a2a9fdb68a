/**
 * pdf.js, loaded on first use only: the dynamic import keeps its ~400 KB out of every page that never
 * shows a PDF, and the worker starts once per page and is shared by every open document.
 */
import type { PDFWorker } from 'pdfjs-dist';
// the worker bundled as a file of its own (Vite `?worker&url`), found relative to this module
import workerUrl from './pdf.worker.ts?worker&url';

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

const WORKER_OPTIONS: WorkerOptions = { type: 'module', name: 'docstudio-pdf' };
/** How long a worker started through a blob: module may take to say it runs before pdf.js does without. */
const CROSS_ORIGIN_START_MS = 10_000;

/**
 * A worker started from a same-origin blob: module that imports `url`: browsers start no worker from
 * another origin than the page's, but a module import may cross origins with CORS, which the studio
 * answers for its /elements/ (a partner page loading the elements from the studio). Resolves once the
 * worker says it runs (pdf.js's worker posts 'ready' when loaded), undefined when it cannot: a page
 * whose Content-Security-Policy refuses blob: workers, or a file served without CORS.
 */
function startCrossOriginWorker(url: URL): Promise<Worker | undefined> {
  let worker: Worker;
  const source = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' }),
  );
  try {
    worker = new Worker(source, WORKER_OPTIONS);
  } catch {
    URL.revokeObjectURL(source);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const settle = (running: boolean) => {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      URL.revokeObjectURL(source);
      if (!running) worker.terminate();
      resolve(running ? worker : undefined);
    };
    const onMessage = () => settle(true);
    const onError = () => settle(false);
    const timer = setTimeout(onError, CROSS_ORIGIN_START_MS);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

/** pdf.js's worker from the bundled file beside this module: directly from the page's origin, else through a blob: module. */
async function startWorker(): Promise<Worker | undefined> {
  const url = new URL(workerUrl, import.meta.url);
  if (url.origin === globalThis.location?.origin) {
    try {
      return new Worker(url, WORKER_OPTIONS);
    } catch {
      return undefined;
    }
  }
  return startCrossOriginWorker(url);
}

async function load(): Promise<LoadedPdfJs> {
  const [pdfjs, port] = await Promise.all([import('pdfjs-dist'), startWorker()]);
  if (!port) {
    // No worker could start: pdf.js runs its worker code in the page itself (slower, same pictures),
    // found on `globalThis.pdfjsWorker`.
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
