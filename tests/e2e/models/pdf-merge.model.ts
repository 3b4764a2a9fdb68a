import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfMergeModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-merge');
  }

  /** The file names in the order they will be merged. */
  async order(): Promise<string[]> {
    return this.root.locator('[data-part="file-name"]').allInnerTexts();
  }
}
