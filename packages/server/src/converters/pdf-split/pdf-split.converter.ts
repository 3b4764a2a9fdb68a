/**
 * pdf/to/split, with qpdf (lossless). Two modes, as the tool page sends them:
 * - SplitByPattern N: files of N pages each ('1' = every page its own file; the default when neither
 *   field is sent): 'report-1.pdf', 'report-2.pdf', ...
 * - ExtractPages '1-3,5': one file per comma-separated group, so the user gets the parts they named:
 *   'report-pages-1-3.pdf', 'report-page-5.pdf'. Pages past the end are ignored; a group with no page
 *   of the document is a 400. ExtractPages wins when both are sent (it is the more specific request).
 */
import { mkdir } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { inspectPdf } from '../../engines/pdf-inspect';
import { assemblePages, resolvePageList, splitIntoChunks, toQpdfRange } from '../../engines/qpdf';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

export function validateSplitParameters(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (params.ExtractPages !== undefined) {
    if (isBlank(params.ExtractPages)) errors.ExtractPages = ['ExtractPages must not be empty.'];
    else if (resolvePageList(params.ExtractPages ?? '', Number.MAX_SAFE_INTEGER) === null) {
      errors.ExtractPages = ["ExtractPages must be page numbers and ranges such as '1-3,5'."];
    }
  }
  const pattern = params.SplitByPattern;
  if (pattern !== undefined && isBlank(params.ExtractPages)) {
    const value = pattern.trim();
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      errors.SplitByPattern = ['SplitByPattern must be a whole number of pages per file, at least 1.'];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

async function splitPdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateSplitParameters(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  const base = parse(file.fileName).name;
  const options = { signal: ctx.signal, timeoutMs: ctx.deadline };
  const outputDir = join(ctx.workDir, 'split-parts');
  await mkdir(outputDir, { recursive: true });

  if (!isBlank(ctx.params.ExtractPages)) {
    const groups = (ctx.params.ExtractPages ?? '').split(',').map((group) => group.trim());
    const results: ConverterResultFile[] = [];
    for (const [index, group] of groups.entries()) {
      const selected = resolvePageList(group, pages) ?? [];
      if (selected.length === 0) {
        throw invalidParameters({
          ExtractPages: [`Pages ${group} are not in the document: it has ${pages} page${pages === 1 ? '' : 's'}.`],
        });
      }
      const range = toQpdfRange(selected);
      const path = join(outputDir, `extract-${index + 1}.pdf`);
      await assemblePages([{ path: file.path, range }], path, options);
      const label = selected.length === 1 ? `page-${range}` : `pages-${range.replaceAll(',', '_')}`;
      results.push({ path, fileName: `${base}-${label}.pdf` });
    }
    return results;
  }

  const perFile = isBlank(ctx.params.SplitByPattern) ? 1 : Number(ctx.params.SplitByPattern?.trim());
  const parts = await splitIntoChunks(file.path, outputDir, perFile, options);
  return parts.map((path, index) => ({ path, fileName: `${base}-${index + 1}.pdf` }));
}

export const pdfSplitConverter: Converter = {
  endpoint: 'pdf/to/split',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 100 * 1024 * 1024,
  validate: validateSplitParameters,
  convert: splitPdf,
};
