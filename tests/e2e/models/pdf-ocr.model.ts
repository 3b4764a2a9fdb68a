import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfOcrModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-ocr');
  }

  async chooseLanguage(language: string): Promise<void> {
    await this.combobox('Language').selectOption(language);
  }

  async chooseOutput(label: string): Promise<void> {
    await this.combobox('Output format').selectOption({ label });
  }
}
