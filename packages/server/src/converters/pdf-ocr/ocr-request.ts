/**
 * The start both OCR endpoints (pdf/to/ocr, pdf/to/txt) share: the one input PDF inspected (the
 * contract's 422s), and the Tesseract model of the chosen Language. Both read their parameters as the
 * catalogue's OCR tool does (`readOcrParameters`), since pdf/to/txt is that tool's Text File output.
 */

import { sentValue } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { type ResolvedOcrLanguage, resolveOcrLanguage } from '../../engines/tesseract';
import type { ConverterContext, ConverterInputFile } from '../converter.types';
import { checkOcrPages } from '../page-caps';
import {
  hasProblems,
  type ParameterReading,
  readCatalogue,
  refused,
  type SentParameters,
} from '../tool-parameters';

/**
 * The Language's code as sent ('en', 'zh-cn', 'fr') and the Tesseract model it names; `detect` when
 * none was sent (the model is then en's, and pdf/to/txt finds the page's language itself).
 */
export type OcrParameters = ResolvedOcrLanguage & { detect: boolean };

const INSTALLED_HINT =
  'Other languages installed for OCR on this server are taken by their ISO code (fr, ces).';

/**
 * The catalogue's check of the OCR tool's fields, except that Language may also be any language
 * installed in Tesseract by its ISO code (the catalogue lists the spec's 27 and the European ones the
 * install script adds; a server with more packages takes those too). Blank or absent is en.
 */
export function readOcrParameters(sent: SentParameters): ParameterReading<OcrParameters> {
  const language = sentValue(sent, 'Language');
  const resolved = resolveOcrLanguage(language);
  const reading = readCatalogue('pdf-ocr', sent);
  const problems = reading.ok ? {} : { ...reading.problems };
  if (!resolved) {
    const listed = problems.Language ?? ['Language is not a language code.'];
    return refused({ ...problems, Language: listed.map((message) => `${message} ${INSTALLED_HINT}`) });
  }
  // the catalogue's list is a picker's, not the server's limit: an installed model answers for itself
  delete problems.Language;
  const detect = language === undefined || language.trim() === '';
  return hasProblems(problems) ? refused(problems) : { ok: true, params: { ...resolved, detect } };
}

export interface OcrRequest {
  file: ConverterInputFile;
  /** Tesseract's model name for the Language ('eng', 'chi_sim'). */
  model: string;
}

export async function readOcrRequest(ctx: ConverterContext<OcrParameters>): Promise<OcrRequest> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  checkOcrPages(pages);
  return { file, model: ctx.params.model };
}
