import { loadFixture } from '../fixtures';
import { openPdf } from '../primitives/PdfPages/openPdf';

/**
 * Loads pdf.js and starts its worker by opening a small PDF once. In the dev server the first load
 * transforms ~1.5 MB of pdf.js and takes seconds; tests of the page pictures run it in `beforeAll`
 * so their own steps wait for pictures, not for that.
 */
export async function warmUpPdfJs(): Promise<void> {
  const pdf = await openPdf(await loadFixture('crazyones.pdf'));
  await pdf.destroy();
}
