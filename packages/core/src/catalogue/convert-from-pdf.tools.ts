/** Landing category 'Convert from PDF' (spec part 1): PDF to Word, PowerPoint, Excel and JPG. */
import { PDF_SINGLE_50MB_ACCEPT } from './accept.rules';
import type { ToolEntry } from './catalogue.types';
import { CONVERSION_PAGE_PROGRESS } from './convert-to-pdf.tools';
import { DEFAULT_JPG_RESOLUTION, JPG_QUALITY_RANGE, JPG_RESOLUTIONS } from './pdf.choices';
import {
  CONVERSION_COMPLETED_TITLE,
  CONVERSION_FAILED_TITLE,
  CONVERTING_LABEL,
  FILE_REQUIRED_TITLE,
  PDF_REQUIRED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './tool.texts';

const fromPdf = {
  landingCategory: 'Convert from PDF',
  workflowCategory: 'Convert',
  input: 'single-file',
  inputFormats: ['pdf'],
  accept: PDF_SINGLE_50MB_ACCEPT,
  progress: CONVERSION_PAGE_PROGRESS,
} as const;

const texts = (heading: string, successMessage: string, buttonLabel: string) => ({
  heading,
  successTitle: CONVERSION_COMPLETED_TITLE,
  successMessage,
  failureTitle: CONVERSION_FAILED_TITLE,
  failureFallback: UNEXPECTED_ERROR_MESSAGE,
  dropNoun: 'PDF',
  missingFileTitle: FILE_REQUIRED_TITLE,
  missingFileMessage: PDF_REQUIRED_MESSAGE,
  buttonLabel,
  busyLabel: CONVERTING_LABEL,
});

export const pdfToWord = {
  ...fromPdf,
  id: 'pdf-to-word',
  icon: 'file-type',
  route: '/pdf-to-word',
  title: 'PDF to Word',
  name: 'PDF to Word',
  description: 'Turn a PDF into an editable Word document, keeping layout, images and tables.',
  endpoint: 'pdf/to/docx',
  outputFormats: ['docx'],
  options: [],
  texts: texts(
    'PDF to Word Converter',
    'Your PDF has been successfully converted to Word format.',
    'Convert to Word',
  ),
} as const satisfies ToolEntry;

export const pdfToPowerpoint = {
  ...fromPdf,
  id: 'pdf-to-powerpoint',
  icon: 'presentation',
  route: '/pdf-to-powerpoint',
  title: 'PDF to PowerPoint',
  name: 'PDF to PowerPoint',
  description: 'Turn each PDF page into a PowerPoint slide.',
  endpoint: 'pdf/to/pptx',
  // The workflow catalogue writes this tool's endpoint as 'powerpoint'.
  workflowEndpoint: 'pdf/to/powerpoint',
  outputFormats: ['pptx'],
  options: [],
  texts: texts(
    'PDF to PowerPoint Converter',
    'Your PDF has been successfully converted to PowerPoint format.',
    'Convert to PowerPoint',
  ),
} as const satisfies ToolEntry;

export const pdfToExcel = {
  ...fromPdf,
  id: 'pdf-to-excel',
  icon: 'sheet',
  route: '/pdf-to-excel',
  title: 'PDF to Excel',
  name: 'PDF to Excel',
  description: 'Extract the tables of a PDF into an Excel workbook.',
  endpoint: 'pdf/to/xlsx',
  // The workflow catalogue writes this tool's endpoint as 'excel'.
  workflowEndpoint: 'pdf/to/excel',
  outputFormats: ['xlsx'],
  options: [],
  texts: texts(
    'PDF to Excel Converter',
    'Your PDF has been successfully converted to Excel format.',
    'Convert to Excel',
  ),
} as const satisfies ToolEntry;

export const pdfToJpg = {
  ...fromPdf,
  id: 'pdf-to-jpg',
  icon: 'file-image',
  route: '/pdf-to-jpg',
  title: 'PDF to JPG',
  name: 'PDF to JPG',
  description: 'Save every page of a PDF as a JPG image.',
  endpoint: 'pdf/to/jpg',
  outputFormats: ['jpg'],
  options: [
    {
      name: 'Quality',
      label: 'JPG quality',
      type: 'number',
      integer: true,
      min: JPG_QUALITY_RANGE.min,
      max: JPG_QUALITY_RANGE.max,
      default: JPG_QUALITY_RANGE.default,
      sendWhen: 'always',
      workflowOnly: true,
    },
    {
      name: 'Dpi',
      label: 'Resolution (DPI)',
      type: 'select',
      options: JPG_RESOLUTIONS,
      default: DEFAULT_JPG_RESOLUTION,
      sendWhen: 'always',
      workflowOnly: true,
    },
  ],
  texts: texts(
    'PDF to JPG Converter',
    'Your PDF has been successfully converted to JPG images.',
    'Convert to JPG',
  ),
} as const satisfies ToolEntry;

export const convertFromPdfTools = [pdfToWord, pdfToPowerpoint, pdfToExcel, pdfToJpg] as const;
