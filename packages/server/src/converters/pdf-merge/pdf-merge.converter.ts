/**
 * pdf/to/merge: Files[0], Files[1], ... into one PDF in that order, with qpdf (lossless; form fields
 * kept), then every input's bookmarks rebuilt at their new pages (merge-outlines.ts). Named after the
 * first file: 'report-merged.pdf'.
 */
import { join, parse } from 'node:path';
import { inspectPdf } from '../../engines/pdf-inspect';
import { assemblePages } from '../../engines/qpdf';
import { ApiError, invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { type MergedPart, mergeOutlines } from './merge-outlines';

export const MIN_MERGE_FILES = 2;

async function mergePdfs(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  if (ctx.files.length < MIN_MERGE_FILES) {
    throw invalidParameters({ Files: ['Please select at least 2 PDF files to merge.'] });
  }
  const parts: MergedPart[] = [];
  let firstPage = 0;
  for (const [index, file] of ctx.files.entries()) {
    try {
      const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
      parts.push({ path: file.path, firstPage });
      firstPage += pages;
    } catch (error) {
      // Say which of the many files is the problem.
      if (error instanceof ApiError) {
        throw new ApiError(error.status, error.code, `${file.fileName} (Files[${index}]): ${error.message}`);
      }
      throw error;
    }
  }
  const output = join(ctx.workDir, 'result-merged.pdf');
  const options = { signal: ctx.signal, timeoutMs: ctx.deadline };
  await assemblePages(
    parts.map((part) => ({ path: part.path })),
    output,
    options,
  );
  await mergeOutlines(output, parts);
  const first = ctx.files[0]?.fileName ?? 'merged.pdf';
  return [{ path: output, fileName: `${parse(first).name}-merged.pdf` }];
}

export const pdfMergeConverter: Converter = {
  endpoint: 'pdf/to/merge',
  engine: 'qpdf',
  input: 'multi-file',
  minFiles: MIN_MERGE_FILES,
  accepts: ['pdf'],
  validate: () => null,
  convert: mergePdfs,
};
