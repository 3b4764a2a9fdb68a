import type { Locator, Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfRotateModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-rotate');
  }

  async chooseAngle(angle: '90' | '180' | '270'): Promise<void> {
    await this.combobox('Angle').selectOption(angle);
  }

  /** A page picture: a toggle that puts the page in or out of the pages to rotate. */
  pageToggle(page: number): Locator {
    return this.root.getByRole('button', { name: `Rotate page ${page}`, exact: true });
  }

  async choosePagesOnPictures(...pages: number[]): Promise<void> {
    await this.root.getByRole('button', { name: 'No pages', exact: true }).click();
    for (const page of pages) await this.pageToggle(page).click();
  }
}
