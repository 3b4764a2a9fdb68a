/**
 * The server's converter table: one module per endpoint. The HTTP layer routes
 * POST /convert/{endpoint} here; aliases the catalogue lists (pdf/merge) resolve through the core catalogue.
 * The table is keyed by the catalogue's ToolId, so a catalogue tool without a converter does not compile.
 */
import type { ToolId } from '@docstudio/core';
import type { Converter } from './converter.types';
import { htmlToPdfConverter } from './html-to-pdf';
import { imagesToPdfConverter } from './images-to-pdf';
import { officeToPdfConverter } from './office-to-pdf';
import { pdfCompressConverter } from './pdf-compress';
import { pdfMergeConverter } from './pdf-merge';
import { pdfOcrConverter } from './pdf-ocr';
import { pdfProtectConverter } from './pdf-protect';
import { pdfRedactConverter } from './pdf-redact';
import { pdfRotateConverter } from './pdf-rotate';
import { pdfSplitConverter } from './pdf-split';
import { pdfToDocx } from './pdf-to-docx';
import { pdfToJpg } from './pdf-to-jpg';
import { pdfToPdfaConverter } from './pdf-to-pdfa';
import { pdfToPptx } from './pdf-to-pptx';
import { pdfToTxtConverter } from './pdf-to-txt';
import { pdfToXlsx } from './pdf-to-xlsx';
import { pdfUnprotectConverter } from './pdf-unprotect';
import { pdfWatermarkConverter } from './pdf-watermark';
import { webToPdfConverter } from './web-to-pdf';

/** Each catalogue tool's converter, serving the tool's page endpoint (`tool.endpoint`). */
export const converterByTool: Readonly<Record<ToolId, Converter>> = {
  'office-to-pdf': officeToPdfConverter,
  'images-to-pdf': imagesToPdfConverter,
  'web-to-pdf': webToPdfConverter,
  'html-to-pdf': htmlToPdfConverter,
  'pdf-to-word': pdfToDocx,
  'pdf-to-powerpoint': pdfToPptx,
  'pdf-to-excel': pdfToXlsx,
  'pdf-to-jpg': pdfToJpg,
  'pdf-compress': pdfCompressConverter,
  'pdf-protect': pdfProtectConverter,
  'pdf-unprotect': pdfUnprotectConverter,
  'pdf-to-pdfa': pdfToPdfaConverter,
  'pdf-merge': pdfMergeConverter,
  'pdf-split': pdfSplitConverter,
  'pdf-rotate': pdfRotateConverter,
  'pdf-watermark': pdfWatermarkConverter,
  'pdf-ocr': pdfOcrConverter,
  'pdf-redact': pdfRedactConverter,
};

/**
 * Endpoints that are no tool of their own but an output a tool's option picks (the catalogue's
 * `alternateEndpoints`): OCR's 'Text File' output posts to pdf/to/txt.
 */
export const alternateConverters: readonly Converter[] = [pdfToTxtConverter];

/** Every converter the server runs by default (createServer's `converters`). */
export const converters: readonly Converter[] = [...Object.values(converterByTool), ...alternateConverters];
