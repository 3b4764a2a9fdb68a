/**
 * The pdf.js worker as a module of our own, started with `new Worker(new URL(...))` (loadPdfJs.ts):
 * bundlers (Vite, webpack 5, Rollup plugins) emit it as a separate file served from the page's own
 * origin, so no CDN and no blob: worker the studio's Content-Security-Policy would refuse.
 */
import 'pdfjs-dist/build/pdf.worker.min.mjs';
