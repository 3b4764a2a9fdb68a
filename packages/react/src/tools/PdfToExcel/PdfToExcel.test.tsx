import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToExcel } from './PdfToExcel';

describeToolScenarios({
  Component: PdfToExcel,
  toolId: 'pdf-to-excel',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(50),
  expectedFields: [['StoreFile', 'true']],
});
