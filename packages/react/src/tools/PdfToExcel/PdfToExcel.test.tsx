import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfToExcel } from './PdfToExcel';

describeToolScenarios({
  Component: PdfToExcel,
  toolId: 'pdf-to-excel',
  accepted: ['pdflatex-4-pages.pdf'],
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  tooLarge: {
    name: 'big.pdf',
    type: 'application/pdf',
    bytes: 50 * 1024 * 1024 + 1,
    title: 'Invalid file format',
    message: 'File is larger than 52428800 bytes',
  },
  expectedFields: [['StoreFile', 'true']],
});
