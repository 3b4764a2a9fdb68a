/**
 * office/to/pdf: Word, Excel, PowerPoint, RTF, WordPerfect, CSV and text documents to PDF through the
 * warm LibreOffice pool, then made exactly the asked PDF version: for 1.4 and 1.7 its header is
 * rewritten in place (LibreOffice's 1.6 output uses nothing 1.4 lacks that qpdf would drop:
 * pdf-raw-version.ts checks that, and leaves any other file to `qpdf --force-version`), and
 * Ghostscript re-distills for 1.3, which really removes 1.4 features (transparency).
 */
import { open, rename, stat } from 'node:fs/promises';
import { join, parse } from 'node:path';
import {
  conversionFailed,
  damagedFile,
  invalidParameters,
  invalidPassword,
  passwordProtected,
} from '../../contract/errors';
import { getOfficePool } from '../../engines/libreoffice';
import { relabelVersionInPlace } from '../../engines/pdf-raw-version';
import { runEngine } from '../../engines/run-engine';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import {
  libreOfficePdfVersion,
  type OfficeOptions,
  type PdfVersion,
  readOfficeOptions,
} from './office-options';
import { officeImportFilter } from './web-page-as-office';

const POST_STEP_TIMEOUT_MS = 120_000;

async function pdfHeaderVersion(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    await handle.read(buffer, 0, 16, 0);
    return /%PDF-(\d\.\d)/.exec(buffer.toString('latin1'))?.[1] ?? '';
  } finally {
    await handle.close();
  }
}

/** Makes the file's header (and features) match `version` exactly. */
async function enforcePdfVersion(path: string, version: PdfVersion, ctx: ConverterContext): Promise<void> {
  if ((await pdfHeaderVersion(path)) === version) return;
  if (version !== '1.3' && (await relabelVersionInPlace(path, version))) return;
  const fixed = `${path}.v${version}.pdf`;
  const limits = {
    timeoutMs: Math.min(POST_STEP_TIMEOUT_MS, timeLeftMs(ctx.deadlineAt, 1000)),
    signal: ctx.signal,
  };
  if (version === '1.3') {
    await runEngine(
      'gs',
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pdfwrite',
        '-dCompatibilityLevel=1.3',
        `-sOutputFile=${fixed}`,
        path,
      ],
      limits,
    );
  } else {
    await runEngine('qpdf', [`--force-version=${version}`, '--', path, fixed], limits);
  }
  await rename(fixed, path);
  if ((await pdfHeaderVersion(path)) !== version) {
    await runEngine('qpdf', [`--force-version=${version}`, '--', path, fixed], limits);
    await rename(fixed, path);
  }
}

export const officeToPdfConverter: Converter<OfficeOptions> = {
  ...catalogueFacts('office/to/pdf'),
  engine: 'libreoffice',
  readParameters: readOfficeOptions,
  async convert(ctx: ConverterContext<OfficeOptions>): Promise<ConverterResultFile[]> {
    const input = ctx.files[0];
    if (!input)
      throw invalidParameters({ File: ['File required. Please upload an Office document to convert.'] });
    const options = ctx.params;
    const output = join(ctx.workDir, 'office-out.pdf');
    const answer = await getOfficePool().convert(
      {
        input: input.path,
        output,
        filter: await officeImportFilter(input),
        pageRange: options.pageRange,
        pdfVersion: libreOfficePdfVersion(options),
        password: options.password,
        fitToPageWidth: options.fitToPageWidth,
      },
      timeLeftMs(ctx.deadlineAt, 1000),
      ctx.signal,
    );
    if (!answer.ok) {
      switch (answer.error) {
        case 'password-required':
          throw passwordProtected(
            'The document is password protected. Provide DocumentOpenPassword to convert it.',
          );
        case 'password-wrong':
          throw invalidPassword('The DocumentOpenPassword is incorrect.');
        case 'load-failed':
          throw damagedFile('The file is damaged or is not a supported Office document.');
        case 'export-failed':
          if (options.pageRange)
            throw invalidParameters({ PageRange: ['PageRange selects no pages of this document.'] });
          throw conversionFailed('LibreOffice could not export the document to PDF.');
        default:
          throw conversionFailed('LibreOffice stopped during the conversion; please try again.');
      }
    }
    const size = await stat(output).then(
      (s) => s.size,
      () => 0,
    );
    if (size === 0) {
      if (options.pageRange)
        throw invalidParameters({ PageRange: ['PageRange selects no pages of this document.'] });
      throw conversionFailed('LibreOffice produced no PDF.');
    }
    if (!options.pdfA || options.pdfVersion !== '1.4')
      await enforcePdfVersion(output, options.pdfVersion, ctx);
    return [{ path: output, fileName: `${parse(input.fileName).name || 'document'}.pdf` }];
  },
};
