/**
 * The server's converter table: one module per endpoint. The HTTP layer routes
 * POST /convert/{endpoint} here; aliases the catalogue lists (pdf/merge) resolve through the core catalogue.
 * Each converter owner adds its line below.
 */
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

export const converters: readonly Converter[] = [
  officeToPdfConverter,
  imagesToPdfConverter,
  webToPdfConverter,
  htmlToPdfConverter,
  pdfToJpg,
  pdfToDocx,
  pdfToPptx,
  pdfToXlsx,
  pdfCompressConverter,
  pdfProtectConverter,
  pdfUnprotectConverter,
  pdfToPdfaConverter,
  pdfMergeConverter,
  pdfSplitConverter,
  pdfRotateConverter,
  pdfWatermarkConverter,
  pdfOcrConverter,
  pdfToTxtConverter,
  pdfRedactConverter,
];
