/** pdf.js's worker module, imported into the page when no worker can start (loadPdfJs.ts). */
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
