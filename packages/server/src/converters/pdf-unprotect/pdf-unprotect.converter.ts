/**
 * pdf/to/unprotect: removes a PDF's encryption with qpdf, given its user or owner Password. A wrong
 * password is 422 InvalidPassword; a missing one 400. The password reaches qpdf through a 0600 job
 * file, never the process list. A file that was not encrypted comes back rewritten, unchanged in content.
 */
import { join, parse } from 'node:path';
import { resolveToolParameters, validateToolParameters } from '@docstudio/core';
import { DomainError, ErrorCode, invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { decryptPdf } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

const ENDPOINT = 'pdf/to/unprotect';

async function unprotectPdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const resolved = resolveToolParameters(ENDPOINT, ctx.params);
  if (!resolved.ok) throw invalidParameters(resolved.errors);
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
    password: resolved.values.Password ?? '',
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt),
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-unprotected.pdf` }];
}

export const pdfUnprotectConverter: Converter = {
  ...catalogueFacts(ENDPOINT),
  engine: 'qpdf',
  validate: (params) => validateToolParameters(ENDPOINT, params),
  convert: unprotectPdf,
};
