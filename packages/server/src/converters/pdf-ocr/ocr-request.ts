/**
 * The start both OCR endpoints (pdf/to/ocr, pdf/to/txt) share: the one input PDF inspected (the
 * contract's 422s), and the Tesseract model of the chosen Language. Both read their parameters as the
 * catalogue's OCR tool does (`readOcrParameters`), since pdf/to/txt is that tool's Text File output.
 */

import { sentValue } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import {
  DEFAULT_OCR_LANGUAGE,
  type OcrLanguage,
  parseOcrLanguage,
  tesseractModel,
} from '../../engines/tesseract';
import type { ConverterContext, ConverterInputFile } from '../converter.types';
import { checkOcrPages } from '../page-caps';
import { type ParameterReading, readCatalogue, type SentParameters } from '../tool-parameters';

export interface OcrParameters {
  /** The spec code of the text's language ('en', 'zh-cn'). */
  language: OcrLanguage;
}

/** The catalogue's check of Language (one of the 27 codes; blank or absent is en). */
export function readOcrParameters(sent: SentParameters): ParameterReading<OcrParameters> {
  const reading = readCatalogue('pdf-ocr', sent);
  if (!reading.ok) return reading;
  return {
    ok: true,
    params: { language: parseOcrLanguage(sentValue(sent, 'Language')) ?? DEFAULT_OCR_LANGUAGE },
  };
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
  return { file, model: tesseractModel(ctx.params.language) };
}
