import type { Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class HtmlToPdfModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'html-to-pdf');
  }
}
