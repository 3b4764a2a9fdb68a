/**
 * pdf/to/rotate: turns the chosen pages clockwise by RotatePage (90, 180, 270) on top of their
 * current rotation, with qpdf (lossless: only each page's /Rotate changes). PageRange takes lists and
 * ranges ('1,3,5', '2-4'); absent, blank or 'all' means every page; pages past the end are ignored,
 * so the spec's default '1-99' rotates a 4-page document entirely.
 */
import { join, parse } from 'node:path';
import { DEFAULT_ROTATE_ANGLE, ROTATE_ANGLES } from '@docstudio/core';
import { inspectPdf } from '../../engines/pdf-inspect';
import { resolvePageList, rotatePages, toQpdfRange } from '../../engines/qpdf';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

type Angle = 90 | 180 | 270;
const ANGLES = ROTATE_ANGLES.map((choice) => Number(choice.value));

const isAll = (range: string | undefined): boolean => !range || range.trim() === '' || /^all$/i.test(range.trim());

export function validateRotateParameters(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const angle = params.RotatePage;
  if (angle !== undefined && (!/^\d+$/.test(angle.trim()) || !ANGLES.includes(Number(angle.trim())))) {
    errors.RotatePage = [`RotatePage must be one of ${ANGLES.join(', ')}.`];
  }
  if (!isAll(params.PageRange) && resolvePageList(params.PageRange ?? '', Number.MAX_SAFE_INTEGER) === null) {
    errors.PageRange = ["PageRange must be page numbers and ranges such as '1,3,5' or '2-4', or 'all'."];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

async function rotatePdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateRotateParameters(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  const angle = Number(ctx.params.RotatePage?.trim() ?? DEFAULT_ROTATE_ANGLE) as Angle;
  let range = '1-z';
  if (!isAll(ctx.params.PageRange)) {
    const selected = resolvePageList(ctx.params.PageRange ?? '', pages) ?? [];
    if (selected.length === 0) {
      throw invalidParameters({
        PageRange: [`PageRange selects no page: the document has ${pages} page${pages === 1 ? '' : 's'}.`],
      });
    }
    range = toQpdfRange(selected);
  }
  const fileName = `${parse(file.fileName).name}-rotated.pdf`;
  const output = join(ctx.workDir, 'result-rotated.pdf');
  await rotatePages(file.path, output, angle, range, { signal: ctx.signal, timeoutMs: ctx.deadline });
  return [{ path: output, fileName }];
}

export const pdfRotateConverter: Converter = {
  endpoint: 'pdf/to/rotate',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 100 * 1024 * 1024,
  validate: validateRotateParameters,
  convert: rotatePdf,
};
