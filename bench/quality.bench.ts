/**
 * `npm run bench -- quality`: conversion quality on the corpora's documents, one table at the end.
 * Each section is a file of its own returning rows (`quality-table.ts`); add a section to the list.
 */

import { ocrCharacterError, textKept } from './quality-kept';
import { ocrWithoutLanguage } from './quality-ocr-detection';
import { printQualityTable, type QualityRow, type QualitySection } from './quality-table';
import { tableCellAccuracy } from './quality-tables';
import { docxWordF1 } from './quality-words';

const sections: QualitySection[] = [
  tableCellAccuracy,
  docxWordF1,
  ocrCharacterError,
  ocrWithoutLanguage,
  textKept,
];

export default async function (): Promise<void> {
  const rows: QualityRow[] = [];
  for (const section of sections) rows.push(...(await section()));
  printQualityTable(rows);
}
