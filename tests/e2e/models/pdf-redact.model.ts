import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfRedactModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-redact');
  }

  async choosePreset(preset: string): Promise<void> {
    await this.combobox('Redaction preset').selectOption(preset);
  }

  async enterTerms(terms: string): Promise<void> {
    await this.textbox('Words or patterns to redact').fill(terms);
  }

  /** Redaction asks first: it cannot be undone. */
  override async convert(): Promise<void> {
    await super.convert();
    await this.page
      .getByRole('alertdialog', { name: 'Redact this PDF?' })
      .getByRole('button', { name: 'Redact', exact: true })
      .click();
  }
}
