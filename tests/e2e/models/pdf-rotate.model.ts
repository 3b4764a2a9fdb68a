import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfRotateModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-rotate');
  }

  async chooseAngle(angle: '90' | '180' | '270'): Promise<void> {
    await this.combobox('Angle').selectOption(angle);
  }
}
