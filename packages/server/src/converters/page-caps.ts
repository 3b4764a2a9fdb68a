/**
 * Page caps per tool (MAX_SPLIT_FILES, MAX_JPG_PAGES, MAX_OCR_PAGES): checked from the page count
 * before an engine starts, so a 20,000-page document cannot make 20,000 stored files or hours of OCR.
 * Set once per process by createServer() (as the MuPDF thread count is): converters get no config.
 */
import { type DomainError, fileTooLarge } from '../contract/errors';

export interface PageCaps {
  splitFiles: number;
  jpgPages: number;
  ocrPages: number;
}

let caps: PageCaps = { splitFiles: 2000, jpgPages: 2000, ocrPages: 2000 };

export function configurePageCaps(next: PageCaps): void {
  caps = { ...next };
}

const tooMany = (message: string): DomainError => fileTooLarge(message);

/** Split would make `files` files. */
export function checkSplitFiles(files: number): void {
  if (files > caps.splitFiles)
    throw tooMany(
      `Splitting this document would make ${files} files; this server makes at most ${caps.splitFiles}. Split it into larger parts or extract fewer pages.`,
    );
}

export function checkJpgPages(pages: number): void {
  if (pages > caps.jpgPages)
    throw tooMany(
      `The document has ${pages} pages; this server converts at most ${caps.jpgPages} pages to JPG at once. Split it first.`,
    );
}

export function checkOcrPages(pages: number): void {
  if (pages > caps.ocrPages)
    throw tooMany(
      `The document has ${pages} pages; this server recognises text in at most ${caps.ocrPages} pages at once. Split it first.`,
    );
}
