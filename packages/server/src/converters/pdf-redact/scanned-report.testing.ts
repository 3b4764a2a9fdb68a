/**
 * A three-page scanned medical report (pictures only, no text layer), as a clinic's scanner makes
 * them: the patient is named with a label on page 1 only, pages 2-3 repeat name and record number in
 * a running header without the label, the policy and group numbers have small labels printed over
 * them, and the vitals hold ranges and measurements that are not dates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { renderPageGreyPng } from '../../engines/tesseract/page-ocr';

export const REPORT_PII = [
  'Maria Lopez',
  'LOPEZ, MARIA',
  '44172209',
  '03/14/1961',
  '(415) 555-0132',
  // Policy and group numbers whose small grey labels are printed over them (OCR reads them mangled)
  '8823447',
  '55102',
] as const;
/** Clinical values that look like dates to a careless detector; they must stay readable. */
export const REPORT_MEASUREMENTS = ['97.8-99.1', '6-7/10', '13.5-17.5'] as const;

const PAGES: readonly (readonly string[])[] = [
  [
    'Riverside Clinic - Discharge Summary',
    'Patient: Maria Lopez',
    'DOB: 03/14/1961',
    'MRN: 44172209',
    'Phone: (415) 555-0132',
    'Temperature range 97.8-99.1 F',
    'Pain score 6-7/10 on admission',
    'Hemoglobin reference 13.5-17.5 g/dL',
  ],
  ['Medication review', 'Continue current dosage for two weeks.', 'Follow-up visit in the cardiology unit.'],
  ['Discharge instructions', 'Rest and fluids. Call the clinic with any questions.'],
];
const HEADER = 'LOPEZ, MARIA    MRN 44172209';

/** Writes the text version, scans it at 200 dpi grey, and writes the picture-only PDF to `output`. */
export async function scannedReportPdf(output: string, workDir: string): Promise<void> {
  const text = await PDFDocument.create();
  const font = await text.embedFont(StandardFonts.Helvetica);
  PAGES.forEach((lines, index) => {
    const page = text.addPage([612, 792]);
    if (index > 0) page.drawText(`${HEADER}    Page ${index + 1} of 3`, { x: 60, y: 752, size: 10, font });
    lines.forEach((line, row) => {
      page.drawText(line, { x: 60, y: 700 - row * 26, size: 13, font });
    });
    if (index === 0) {
      const label = { size: 9, font, color: rgb(0.35, 0.35, 0.35) };
      page.drawText('Policy Number', { x: 60, y: 452, ...label });
      page.drawText('HP-88234471', { x: 112, y: 450, size: 13, font });
      page.drawText('Group Number', { x: 60, y: 422, ...label });
      page.drawText('GR 55102', { x: 108, y: 420, size: 13, font });
    }
  });
  const textPath = join(workDir, 'report-text.pdf');
  await writeFile(textPath, await text.save());
  const scan = await PDFDocument.create();
  for (let page = 1; page <= PAGES.length; page++) {
    const prefix = join(workDir, `report-scan-${page}`);
    const png = await renderPageGreyPng(textPath, page, 200, prefix, { timeoutMs: 60_000 });
    const image = await scan.embedPng(await readFile(png));
    scan.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  await writeFile(output, await scan.save());
}
