/**
 * pdf/to/unprotect: removes a PDF's encryption with qpdf, given its user or owner Password. A wrong
 * password is 422 InvalidPassword; a missing one 400. The password reaches qpdf through a 0600 job
 * file, never the process list. A file that was not encrypted comes back rewritten, unchanged in content.
 */
import { join, parse } from 'node:path';
import type { ToolParameters } from '@docstudio/core';
import { DomainError, ErrorCode, invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { decryptPdf } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { catalogueParameters } from '../tool-parameters';

const ENDPOINT = 'pdf/to/unprotect';

type UnprotectParameters = ToolParameters<'pdf-unprotect'>;

async function unprotectPdf(ctx: ConverterContext<UnprotectParameters>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  try {
    // Without the password: damaged files are 422 Damaged here; the password goes to qpdf below in a
    // private job file rather than on inspectPdf's command line.
    await inspectPdf(file.path, { signal: ctx.signal });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === ErrorCode.PasswordProtected)) throw error;
  }
  const output = join(ctx.workDir, 'result-unprotected.pdf');
  await decryptPdf(file.path, output, {
    password: ctx.params.Password,
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-unprotected.pdf` }];
}

export const pdfUnprotectConverter: Converter<UnprotectParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  readParameters: catalogueParameters('pdf-unprotect'),
  convert: unprotectPdf,
};
