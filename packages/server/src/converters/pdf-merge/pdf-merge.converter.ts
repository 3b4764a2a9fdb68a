/**
 * pdf/to/merge: Files[0], Files[1], ... into one PDF in that order, with qpdf (lossless; form fields
 * kept), then every input's bookmarks rebuilt at their new pages (merge-outlines.ts). Named after the
 * first file: 'report-merged.pdf'.
 */

import { join, parse } from 'node:path';
import type { ToolParameters } from '@docstudio/core';
import { pdfMerge } from '@docstudio/core';
import { DomainError, invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { assemblePages } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';
import { mergeOutlines } from './merge-outlines';

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

async function mergePdfs(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  if (ctx.files.length < MIN_MERGE_FILES) {
    const message =
      pdfMerge.accept.tooFewMessage ?? `Please select at least ${MIN_MERGE_FILES} PDF files to merge.`;
    throw invalidParameters({ Files: [message] });
  }
  const output = join(ctx.workDir, 'result-merged.pdf');
  const options = { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) };
  try {
    // qpdf refuses inputs it cannot open (damaged, or needing a password) and repairs what it can.
    await assemblePages(
      ctx.files.map((file) => ({ path: file.path })),
      output,
      options,
    );
  } catch (error) {
    await explainFailure(ctx, error);
  }
  try {
    await mergeOutlines(
      output,
      ctx.files.map((file) => file.path),
    );
  } catch (error) {
    // Bookmarks are a courtesy: an outline MuPDF cannot read must not cost the user the merged pages.
    if (error instanceof DomainError || ctx.signal.aborted) throw error;
  }
  const first = ctx.files[0]?.fileName ?? 'merged.pdf';
  return [{ path: output, fileName: `${parse(first).name}-merged.pdf` }];
}

export const pdfMergeConverter: Converter<ToolParameters<'pdf-merge'>> = {
  ...MERGE_FACTS,
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-merge'),
  convert: mergePdfs,
};
