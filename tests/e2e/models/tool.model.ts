/**
 * The page object every tool page shares: the anatomy of ToolShell (data-scope = tool id,
 * data-part = file-input, convert, results, result-item) as a user drives it.
 */
import type { ToolId } from '@docstudio/core';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Office and OCR conversions take seconds on a busy two-core machine. */
const CONVERSION_TIMEOUT_MS = 90_000;

export class ToolModel {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly toolId: ToolId,
  ) {
    this.root = page.locator(`[data-scope="${toolId}"][data-part="root"]`);
  }

  async open(): Promise<void> {
    await this.page.goto(`/${this.toolId}`);
    await expect(this.root).toHaveAttribute('data-state', 'idle');
  }

  /** Chooses files through the drop zone's file input, as the browse dialog would. */
  async chooseFiles(...paths: string[]): Promise<void> {
    await this.root.locator('[data-part="file-input"]').setInputFiles(paths);
  }

  get convertButton(): Locator {
    return this.root.locator('[data-part="convert"]');
  }

  combobox(name: string): Locator {
    return this.root.getByRole('combobox', { name, exact: true });
  }

  textbox(name: string): Locator {
    return this.root.getByLabel(name, { exact: true });
  }

  async convert(): Promise<void> {
    await expect(this.convertButton).toBeEnabled();
    await this.convertButton.click();
  }

  /** Waits for the end of the conversion; a failure fails the test with the toast the user saw. */
  async expectComplete(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-state', /^(complete|failed)$/, {
      timeout: CONVERSION_TIMEOUT_MS,
    });
    if ((await this.root.getAttribute('data-state')) === 'failed') {
      const toasts = await this.root.locator('[data-part="toast"]').allInnerTexts();
      throw new Error(`The ${this.toolId} conversion failed: ${toasts.join(' | ') || 'no message shown'}`);
    }
    await expect(this.root.getByRole('heading', { name: 'Conversion Complete' })).toBeVisible();
  }

  get resultItems(): Locator {
    return this.root.locator('[data-part="result-item"]');
  }

  /** Clicks the Download button of one result row and saves what the browser downloads. */
  async download(testInfo: TestInfo, index = 0): Promise<{ path: string; fileName: string }> {
    const row = this.resultItems.nth(index);
    const downloadEvent = this.page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download/ }).click();
    const download = await downloadEvent;
    const fileName = download.suggestedFilename();
    const path = testInfo.outputPath(fileName);
    await download.saveAs(path);
    return { path, fileName };
  }

  /** The usual journey: choose, convert, wait for 'Conversion Complete', download the first result. */
  async convertAndDownload(
    testInfo: TestInfo,
    ...paths: string[]
  ): Promise<{ path: string; fileName: string }> {
    if (paths.length > 0) await this.chooseFiles(...paths);
    await this.convert();
    await this.expectComplete();
    return this.download(testInfo);
  }
}
