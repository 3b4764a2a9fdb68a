/**
 * Which React component renders each catalogue tool. Typed as a full Record so that a tool added to
 * the catalogue without a component here is a type error, not a blank page.
 */
import type { ToolId } from '@docstudio/core';
import {
  HtmlToPdf,
  ImagesToPdf,
  OfficeToPdf,
  PdfCompress,
  PdfMerge,
  PdfOcr,
  PdfProtect,
  PdfRedact,
  PdfRotate,
  PdfSplit,
  PdfToExcel,
  PdfToJpg,
  PdfToPdfa,
  PdfToPowerpoint,
  PdfToWord,
  PdfUnprotect,
  PdfWatermark,
  type ToolProps,
  WebToPdf,
} from '@docstudio/react';
import type { ComponentType } from 'react';

export const toolComponents: Record<ToolId, ComponentType<ToolProps>> = {
  'office-to-pdf': OfficeToPdf,
  'images-to-pdf': ImagesToPdf,
  'web-to-pdf': WebToPdf,
  'html-to-pdf': HtmlToPdf,
  'pdf-to-word': PdfToWord,
  'pdf-to-powerpoint': PdfToPowerpoint,
  'pdf-to-excel': PdfToExcel,
  'pdf-to-jpg': PdfToJpg,
  'pdf-compress': PdfCompress,
  'pdf-protect': PdfProtect,
  'pdf-unprotect': PdfUnprotect,
  'pdf-to-pdfa': PdfToPdfa,
  'pdf-merge': PdfMerge,
  'pdf-split': PdfSplit,
  'pdf-rotate': PdfRotate,
  'pdf-watermark': PdfWatermark,
  'pdf-ocr': PdfOcr,
  'pdf-redact': PdfRedact,
};
