import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfSplitModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-split');
  }

  async chooseMode(mode: 'All pages' | 'Specific pages' | 'Chunks'): Promise<void> {
    await this.root.getByRole('radio', { name: mode }).check();
  }

  /** Clicks the scissors between page `page` and the next on the page pictures. */
  async splitAfter(page: number): Promise<void> {
    await this.root.getByRole('button', { name: `Split after page ${page}`, exact: true }).click();
  }
}
