import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfToPdfaModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-to-pdfa');
  }

  async chooseVersion(version: string): Promise<void> {
    await this.combobox('PDF/A version').selectOption(version);
  }
}
