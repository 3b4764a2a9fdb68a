/**
 * The pdf.js worker as a module of our own, imported with Vite's `?worker&url` (loadPdfJs.ts): the
 * builds (the studio, the elements, the npm package) emit it as a separate file beside the module
 * that starts it, so no CDN, and on the page's own origin no blob: worker the studio's
 * Content-Security-Policy would refuse.
 */
import 'pdfjs-dist/build/pdf.worker.min.mjs';
