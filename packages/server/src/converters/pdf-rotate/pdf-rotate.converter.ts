/**
 * pdf/to/rotate: turns the chosen pages clockwise by RotatePage on top of their current rotation,
 * with qpdf (lossless: only each page's /Rotate changes). Choices, defaults (90, '1-99') and the page
 * list syntax ('1,3,5', '2-4', 'all') are the core catalogue's; a range running past the end is
 * clamped, so the default '1-99' rotates a 4-page document entirely, and a page that starts past the
 * end is a 400 naming the document's length.
 */
import { join, parse } from 'node:path';
import { parsePageRange, type ToolParameters } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { rotatePages, toQpdfRange } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';

const ENDPOINT = 'pdf/to/rotate';

type RotateParameters = ToolParameters<'pdf-rotate'>;

async function rotatePdf(ctx: ConverterContext<RotateParameters>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  const angle = Number(ctx.params.RotatePage) as 90 | 180 | 270;
  const selection = parsePageRange(ctx.params.PageRange, pages);
  if (!selection.ok) throw invalidParameters({ PageRange: [selection.error] });
  const range = selection.all ? '1-z' : toQpdfRange(selection.pages);
  const output = join(ctx.workDir, 'result-rotated.pdf');
  await rotatePages(file.path, output, angle, range, {
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-rotated.pdf` }];
}

export const pdfRotateConverter: Converter<RotateParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-rotate'),
  convert: rotatePdf,
};
