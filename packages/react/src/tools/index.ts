import type { ToolId } from '@docstudio/core';
import type { ComponentType } from 'react';
import type { ToolProps } from '../shell';
import { HtmlToPdf } from './HtmlToPdf';
import { ImagesToPdf } from './ImagesToPdf';
import { OfficeToPdf } from './OfficeToPdf';
import { PdfCompress } from './PdfCompress';
import { PdfMerge } from './PdfMerge';
import { PdfOcr } from './PdfOcr';
import { PdfProtect } from './PdfProtect';
import { PdfRedact } from './PdfRedact';
import { PdfRotate } from './PdfRotate';
import { PdfSplit } from './PdfSplit';
import { PdfToExcel } from './PdfToExcel';
import { PdfToJpg } from './PdfToJpg';
import { PdfToPdfa } from './PdfToPdfa';
import { PdfToPowerpoint } from './PdfToPowerpoint';
import { PdfToWord } from './PdfToWord';
import { PdfUnprotect } from './PdfUnprotect';
import { PdfWatermark } from './PdfWatermark';
import { WebToPdf } from './WebToPdf';

export {
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
  WebToPdf,
};

/** Every tool component by catalogue id: the demo's routes and the custom elements read this. */
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
