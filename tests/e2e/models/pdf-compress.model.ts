import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfCompressModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-compress');
  }

  async choosePreset(preset: string): Promise<void> {
    await this.combobox('Compression preset').selectOption(preset);
  }
}
