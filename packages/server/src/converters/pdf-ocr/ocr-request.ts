/**
 * The start both OCR endpoints (pdf/to/ocr, pdf/to/txt) share: their parameters checked again (a
 * workflow step reaches the converter without the HTTP layer's check), the one input PDF inspected
 * (the contract's 422s), and the Tesseract model of the chosen Language.
 */

import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import {
  DEFAULT_OCR_LANGUAGE,
  parseOcrLanguage,
  tesseractModel,
  validateOcrParameters,
} from '../../engines/tesseract';
import type { ConverterContext, ConverterInputFile } from '../converter.types';
import { checkOcrPages } from '../page-caps';

export interface OcrRequest {
  file: ConverterInputFile;
  /** Tesseract's model name for the Language ('eng', 'chi_sim'). */
  model: string;
}

export async function readOcrRequest(
  ctx: ConverterContext,
  endpoint: 'pdf/to/ocr' | 'pdf/to/txt',
): Promise<OcrRequest> {
  const errors = validateOcrParameters(endpoint)(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const language = parseOcrLanguage(ctx.params.Language) ?? DEFAULT_OCR_LANGUAGE;
  const { pages } = await inspectPdf(file.path, { signal: ctx.signal });
  checkOcrPages(pages);
  return { file, model: tesseractModel(language) };
}
