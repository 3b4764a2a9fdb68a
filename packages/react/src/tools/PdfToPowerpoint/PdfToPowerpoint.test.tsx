import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToPowerpoint } from './PdfToPowerpoint';

describeToolScenarios({
  Component: PdfToPowerpoint,
  toolId: 'pdf-to-powerpoint',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(50),
  expectedFields: [['StoreFile', 'true']],
});
