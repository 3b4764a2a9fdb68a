import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class ImagesToPdfModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'images-to-pdf');
  }

  async choosePageSize(size: string): Promise<void> {
    await this.combobox('Page Size').selectOption(size);
  }
}
