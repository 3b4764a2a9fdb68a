import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfToExcelModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-to-excel');
  }
}
