/**
 * pdf/to/rotate: turns the chosen pages clockwise by RotatePage on top of their current rotation,
 * losslessly (only each page's /Rotate changes): in-process for a small file read exactly
 * (engines/pdf-raw-rotate.ts), with qpdf for every other. Choices, defaults (90, '1-99') and the page
 * list syntax ('1,3,5', '2-4', 'all') are the core catalogue's; a range running past the end is
 * clamped, so the default '1-99' rotates a 4-page document entirely, and a page that starts past the
 * end is a 400 naming the document's length.
 */
import { writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { parsePageRange, type ToolParameters } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { rawPageTree } from '../../engines/pdf-raw-facts';
import { rotateRaw } from '../../engines/pdf-raw-rotate';
import { rawBytesIfSmall } from '../../engines/pdf-raw-structure';
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
  const bytes = await rawBytesIfSmall(file.path);
  const tree = bytes && rawPageTree(bytes);
  const pages = tree ? tree.pages.length : (await inspectPdf(file.path, { signal: ctx.signal })).pages;
  const angle = Number(ctx.params.RotatePage) as 90 | 180 | 270;
  const selection = parsePageRange(ctx.params.PageRange, pages);
  if (!selection.ok) throw invalidParameters({ PageRange: [selection.error] });
  const output = join(ctx.workDir, 'result-rotated.pdf');
  const result: [ConverterResultFile] = [
    { path: output, fileName: `${parse(file.fileName).name}-rotated.pdf` },
  ];
  const rotated = bytes && tree ? rotateRaw(bytes, tree, selection.pages, angle) : undefined;
  if (rotated) {
    await writeFile(output, rotated);
    return [{ ...result[0], bytes: rotated }];
  }
  const range = selection.all ? '1-z' : toQpdfRange(selection.pages);
  await rotatePages(file.path, output, angle, range, {
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return result;
}

export const pdfRotateConverter: Converter<RotateParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-rotate'),
  convert: rotatePdf,
};
