/**
 * pdf/to/split, with qpdf (lossless). Two modes, as the tool page sends them (field rules and the
 * default chunk of 1 are the core catalogue's):
 * - SplitByPattern N: files of N pages each ('1' = every page its own file, also when neither field
 *   is sent): 'report-1.pdf', 'report-2.pdf', ...
 * - ExtractPages '1-3,5': one file per comma-separated group, so the user gets the parts they named:
 *   'report-pages-1-3.pdf', 'report-page-5.pdf'. A range running past the end is clamped; a group
 *   starting past the end is a 400. ExtractPages wins when both are sent (the more specific request).
 */
import { mkdir } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { parsePageGroups, type ToolParameters } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { assemblePages, splitIntoChunks, toQpdfRange } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { checkSplitFiles } from '../page-caps';
import { catalogueParameters } from '../tool-parameters';

const ENDPOINT = 'pdf/to/split';

async function extractGroups(
  ctx: ConverterContext,
  source: string,
  base: string,
  groups: readonly number[][],
  outputDir: string,
): Promise<ConverterResultFile[]> {
  const results: ConverterResultFile[] = [];
  const used = new Set<string>();
  for (const [index, group] of groups.entries()) {
    const range = toQpdfRange(group);
    const path = join(outputDir, `extract-${index + 1}.pdf`);
    await assemblePages([{ path: source, range }], path, {
      signal: ctx.signal,
      timeoutMs: timeLeftMs(ctx.deadlineAt),
    });
    const label = group.length === 1 ? `page-${range}` : `pages-${range.replaceAll(',', '_')}`;
    // The same group typed twice still gives two downloads with distinct names.
    const fileName = used.has(label) ? `${base}-${label}-${index + 1}.pdf` : `${base}-${label}.pdf`;
    used.add(label);
    results.push({ path, fileName });
  }
  return results;
}

type SplitParameters = ToolParameters<'pdf-split'>;

async function splitPdf(ctx: ConverterContext<SplitParameters>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  const base = parse(file.fileName).name;
  const outputDir = join(ctx.workDir, 'split-parts');
  await mkdir(outputDir, { recursive: true });

  const extract = ctx.params.ExtractPages;
  if (extract) {
    const selection = parsePageGroups(extract, pages);
    if (!selection.ok) throw invalidParameters({ ExtractPages: [selection.error] });
    checkSplitFiles(selection.groups.length);
    return extractGroups(ctx, file.path, base, selection.groups, outputDir);
  }
  const perFile = Number(ctx.params.SplitByPattern);
  checkSplitFiles(Math.ceil(pages / Math.max(1, perFile)));
  const parts = await splitIntoChunks(file.path, outputDir, perFile, {
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return parts.map((path, index) => ({ path, fileName: `${base}-${index + 1}.pdf` }));
}

export const pdfSplitConverter: Converter<SplitParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-split'),
  convert: splitPdf,
};
