import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfWatermarkModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-watermark');
  }

  async enterText(text: string): Promise<void> {
    await this.textbox('Watermark text').fill(text);
  }
}
