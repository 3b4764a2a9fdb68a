/**
 * pdf/to/merge: Files[0], Files[1], ... into one PDF in that order, with qpdf (lossless; form fields
 * kept), and every input's bookmarks rebuilt at their new pages (engines/pdf-outlines): a MuPDF worker
 * reads them while qpdf assembles the pages, and they are appended to qpdf's output as an update
 * written in-process (raw-outlines.ts; a large or odd output gets MuPDF's writer in the worker).
 * Named after the first file: 'report-merged.pdf'.
 */

import { appendFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import type { ToolParameters } from '@docstudio/core';
import { pdfMerge } from '@docstudio/core';
import { DomainError, ErrorCode, invalidParameters } from '../../contract/errors';
import { insertOutlinesInWorker, runMupdfTask } from '../../engines/mupdf-worker';
import { inspectPdf } from '../../engines/pdf-inspect';
import type { PlacedItem } from '../../engines/pdf-outlines/merge-outlines';
import { withOutlinesRaw } from '../../engines/pdf-outlines/raw-outlines';
import { rawBytesIfSmall } from '../../engines/pdf-raw-structure';
import { assemblePages } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';

const MERGE_FACTS = catalogueFacts('pdf/to/merge');
const MIN_MERGE_FILES = MERGE_FACTS.minFiles ?? 2;

/**
 * Finds which input made the merge fail and throws its 422 (damaged, needs a password), named. Only
 * run after a failure: inspecting 50 inputs up front costs two qpdf runs each, ten times the merge.
 */
async function explainFailure(ctx: ConverterContext, failure: unknown): Promise<never> {
  for (const [index, file] of ctx.files.entries()) {
    try {
      await inspectPdf(file.path, { signal: ctx.signal });
    } catch (error) {
      if (error instanceof DomainError) {
        throw error.withMessage(`${file.fileName} (Files[${index}]): ${error.message}`);
      }
      throw error;
    }
  }
  throw failure;
}

/**
 * Writes `items` into the merged file at `output` and answers its new bytes: in-process when the file
 * is small enough to read on the server's thread and the writer takes it, else by MuPDF in a worker.
 */
async function insertBookmarks(
  output: string,
  items: PlacedItem[],
  ctx: ConverterContext,
): Promise<Buffer | undefined> {
  const merged = await rawBytesIfSmall(output);
  const updated = merged && withOutlinesRaw(merged, items);
  if (!merged || !updated) return insertOutlinesInWorker(output, items, ctx);
  await appendFile(output, updated.subarray(merged.length));
  return updated;
}

async function mergePdfs(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  if (ctx.files.length < MIN_MERGE_FILES) {
    const message =
      pdfMerge.accept.tooFewMessage ?? `Please select at least ${MIN_MERGE_FILES} PDF files to merge.`;
    throw invalidParameters({ Files: [message] });
  }
  const output = join(ctx.workDir, 'result-merged.pdf');
  const options = { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) };
  const parts = ctx.files.map((file) => file.path);
  const outlines = runMupdfTask({ kind: 'collect-outlines', parts }, ctx.signal, ctx.deadlineAt);
  outlines.catch(() => undefined); // awaited below, unless qpdf fails first
  try {
    // qpdf refuses inputs it cannot open (damaged, or needing a password) and repairs what it can.
    await assemblePages(
      parts.map((path) => ({ path })),
      output,
      options,
    );
  } catch (error) {
    await explainFailure(ctx, error);
  }
  // the file's bytes once the bookmarks are in: checked and stored without reading the file back
  let bytes: Buffer | undefined;
  try {
    const { items } = await outlines;
    if (items.length > 0) bytes = await insertBookmarks(output, items, ctx);
  } catch (error) {
    // Bookmarks are a courtesy: an outline MuPDF cannot read (the worker's 5002) must not cost the
    // user the merged pages; a timeout or an abort still ends the job.
    const unreadable = error instanceof DomainError && error.code === ErrorCode.DamagedFile;
    if (!unreadable || ctx.signal.aborted) throw error;
  }
  const first = ctx.files[0]?.fileName ?? 'merged.pdf';
  return [{ path: output, fileName: `${parse(first).name}-merged.pdf`, bytes }];
}

export const pdfMergeConverter: Converter<ToolParameters<'pdf-merge'>> = {
  ...MERGE_FACTS,
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-merge'),
  convert: mergePdfs,
};
