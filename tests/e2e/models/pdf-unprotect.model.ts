import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfUnprotectModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-unprotect');
  }

  async enterPassword(password: string): Promise<void> {
    await this.textbox('Password').fill(password);
  }
}
