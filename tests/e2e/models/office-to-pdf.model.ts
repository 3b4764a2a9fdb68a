import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class OfficeToPdfModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'office-to-pdf');
  }

  async choosePdfVersion(version: string): Promise<void> {
    await this.combobox('PDF Version').selectOption(version);
  }
}
