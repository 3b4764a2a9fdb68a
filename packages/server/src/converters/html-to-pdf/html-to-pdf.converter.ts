/**
 * html/to/pdf: an uploaded .html/.htm page rendered by the warm Chromium with JavaScript on and no
 * network at all (the spec's 'Embed All Assets' notice: external images, CSS and fonts are ignored;
 * data: URLs work). A script that never ends runs into the job's time limit (504).
 */

import { readFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import type { ToolParameters } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { renderHtmlToPdf } from '../../engines/chromium';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';

export const htmlToPdfConverter: Converter<ToolParameters<'html-to-pdf'>> = {
  ...catalogueFacts('html/to/pdf'),
  engine: 'chromium',
  readParameters: catalogueParameters('html-to-pdf'),
  async convert(ctx: ConverterContext): Promise<ConverterResultFile[]> {
    const input = ctx.files[0];
    if (!input) throw invalidParameters({ File: ['File required. Please upload an HTML file to convert.'] });
    const html = (await readFile(input.path)).toString('utf8');
    const outPath = join(ctx.workDir, 'html-page.pdf');
    await renderHtmlToPdf(html, { outPath, timeoutMs: timeLeftMs(ctx.deadlineAt), signal: ctx.signal });
    return [{ path: outPath, fileName: `${parse(input.fileName).name || 'page'}.pdf` }];
  },
};
