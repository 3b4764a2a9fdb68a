/**
 * The common skeleton of the PDF to Word / PowerPoint / Excel converters: qpdf's inspection, the page
 * count, then every page's structure extracted in the MuPDF worker pool (scanned pages OCRed in the
 * language found on the first of them), page by page under the job's deadline. Each converter only adds its writer.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { countPdfPages, extractPageStructureInWorker } from '../../engines/mupdf-worker';
import type { ExtractOptions, PageWithFlow } from '../../engines/pdf-structure';
import type { ConverterContext, ConverterResultFile } from '../converter.types';
import { baseName, forEachPage, inspectedInputPdf, pageLoopDeadlineAt } from './page-loop';
import { documentScanLanguage } from './scan-language';

/** One scanned page's OCR never runs longer than this, whatever time the job has left. */
const OCR_PAGE_TIMEOUT_MS = 120_000;
/** Time kept back from the page loop for writing the document. */
const WRITE_RESERVE_MS = 5_000;

export interface DocumentStructure {
  pages: PageWithFlow[];
  /** The input's name without its extension ('Annual Report'), for the result's file name. */
  base: string;
}

/** What to extract besides text and tables; OCR is always on, bounded by the job's deadline. */
export type ReadDocumentOptions = Omit<ExtractOptions, 'ocr'>;

export async function readDocumentStructure(
  ctx: ConverterContext,
  options: ReadDocumentOptions,
): Promise<DocumentStructure> {
  const deadlineAt = pageLoopDeadlineAt(ctx, WRITE_RESERVE_MS);
  const input = await inspectedInputPdf(ctx);
  const count = await countPdfPages(input, { signal: ctx.signal, deadlineAt });
  const language = await documentScanLanguage(ctx, input, deadlineAt);
  const pages: PageWithFlow[] = [];
  await forEachPage(ctx, count, deadlineAt, async (index) => {
    const timeoutMs = Math.max(1_000, Math.min(OCR_PAGE_TIMEOUT_MS, deadlineAt - Date.now()));
    const ocr = { workDir: ctx.workDir, signal: ctx.signal, timeoutMs, ...(language ? { language } : {}) };
    pages.push(await extractPageStructureInWorker(input, index, { ...options, ocr }, { signal: ctx.signal }));
  });
  return { pages, base: baseName(ctx.files[0]?.fileName ?? 'document.pdf') };
}

/** Writes the converter's one result into the job folder under the name the user downloads. */
export async function writeSingleResult(
  ctx: ConverterContext,
  fileName: string,
  bytes: Uint8Array,
): Promise<ConverterResultFile[]> {
  const path = join(ctx.workDir, fileName);
  await writeFile(path, bytes);
  return [{ path, fileName }];
}
