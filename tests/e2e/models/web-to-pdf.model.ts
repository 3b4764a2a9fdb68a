import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class WebToPdfModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'web-to-pdf');
  }

  async enterUrl(url: string): Promise<void> {
    await this.textbox('Website URL').fill(url);
  }
}
