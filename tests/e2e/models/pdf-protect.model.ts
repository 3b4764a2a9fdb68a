import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfProtectModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-protect');
  }

  async enterUserPassword(password: string): Promise<void> {
    await this.textbox('User password').fill(password);
  }
}
