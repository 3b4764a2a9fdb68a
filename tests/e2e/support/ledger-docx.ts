/**
 * A Word document made in the test with `docx` (the generator the server's Office to PDF tests use):
 * one page per ledger entry, each page with its own heading, so a result's pages and text can be
 * checked one by one. Enough pages that a workflow run on it takes seconds, not milliseconds.
 */
import { writeFile } from 'node:fs/promises';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph } from 'docx';
import { recordLogMarker } from './log-markers';

export const LEDGER_PAGES = 120;

export const ledgerHeading = (page: number): string => `Quarterly ledger page ${page}`;

export async function writeLedgerDocx(path: string): Promise<void> {
  // The document's text goes through the server: its log must never show it.
  recordLogMarker('document text', 'the Lisbon warehouse shipped');
  const children: Paragraph[] = [];
  for (let page = 1; page <= LEDGER_PAGES; page++) {
    children.push(new Paragraph({ text: ledgerHeading(page), heading: HeadingLevel.HEADING_1 }));
    for (let line = 1; line <= 12; line++)
      children.push(
        new Paragraph(
          `Entry ${page}.${line}: the Lisbon warehouse shipped ${page * 7 + line} crates of porcelain to the harbour office.`,
        ),
      );
    if (page < LEDGER_PAGES) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  await writeFile(path, await Packer.toBuffer(new Document({ sections: [{ children }] })));
}
