import { writeFile } from 'node:fs/promises';
import { PDFDocument, rgb } from 'pdf-lib';

/**
 * Writes a one-page PDF of 12 000 translucent ellipses: MuPDF needs a second or more to render it at
 * 150-300 dpi, long enough for worker tests to abort or kill the task mid-render.
 */
export async function writeSlowToRenderPdf(path: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  for (let i = 0; i < 12_000; i++) {
    const color = rgb((i % 7) / 7, (i % 5) / 5, (i % 3) / 3);
    page.drawEllipse({ x: (i * 37) % 612, y: (i * 53) % 792, xScale: 40, yScale: 25, color, opacity: 0.5 });
  }
  await writeFile(path, await pdf.save());
}
