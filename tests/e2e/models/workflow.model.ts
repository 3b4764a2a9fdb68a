/**
 * Page objects of the workflow screens (list, builder, runner), selected by their `data-scope` /
 * `data-part` anatomy like the tool models. Playwright's CSS locators pierce open shadow roots, so the
 * same models drive the studio's pages and a portal's `<docstudio-workflow-*>` elements.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** A run of Office to PDF -> Compress -> Protect takes seconds on a busy two-core machine. */
export const RUN_TIMEOUT_MS = 90_000;

export class WorkflowListModel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-scope="workflow-list"][data-part="root"]');
  }

  get createButton(): Locator {
    return this.root.getByRole('button', { name: 'Create new workflow' });
  }

  /** The table row of a workflow, found by its exact name. */
  row(name: string): Locator {
    return this.root.locator('[data-part="row"]').filter({
      has: this.page.locator('[data-part="name"]', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }),
    });
  }

  names(): Promise<string[]> {
    return this.root.locator('[data-part="row"] [data-part="name"]').allInnerTexts();
  }
}

export class WorkflowBuilderModel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-scope="workflow-builder"][data-part="root"]');
  }

  get name(): Locator {
    return this.root.getByLabel('Workflow Name');
  }

  get stepTools(): Locator {
    return this.root.locator('[data-part="step-tool"]');
  }

  /** Picks the tool, fills its parameters by label, and presses 'Add step'. */
  async addStep(tool: string, parameters: Record<string, string> = {}): Promise<void> {
    const before = await this.stepTools.count();
    await this.root.getByRole('combobox', { name: 'Tool', exact: true }).selectOption({ label: tool });
    for (const [label, value] of Object.entries(parameters))
      await this.root.getByLabel(label, { exact: true }).fill(value);
    await this.root.getByRole('button', { name: 'Add step' }).click();
    await expect(this.stepTools).toHaveCount(before + 1);
  }

  /** 'Create Workflow' or 'Update Workflow'. */
  async save(label: 'Create Workflow' | 'Update Workflow'): Promise<void> {
    await this.root.getByRole('button', { name: label }).click();
  }
}

export class WorkflowRunnerModel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-scope="workflow-runner"][data-part="root"]');
  }

  async chooseFiles(...paths: string[]): Promise<void> {
    await this.root.locator('[data-part="file-input"]').setInputFiles(paths);
  }

  get runButton(): Locator {
    return this.root.locator('[data-part="run"]');
  }

  get badges(): Locator {
    return this.root.locator('[data-part="run-step"] [data-part="step-status"]');
  }

  get errors(): Locator {
    return this.root.locator('[data-part="errors"] [data-part="error"]');
  }

  get lastRun(): Locator {
    return this.root.locator('[data-part="last-run"]');
  }

  /** Waits for the end of the run; a failure fails the test with the errors the user saw. */
  async expectComplete(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-state', /^(complete|failed)$/, { timeout: RUN_TIMEOUT_MS });
    if ((await this.root.getAttribute('data-state')) === 'failed') {
      const errors = await this.errors.allInnerTexts();
      throw new Error(`The workflow run failed: ${errors.join(' | ') || 'no message shown'}`);
    }
  }

  /** Clicks 'Download Result' and saves what the browser downloads. */
  async downloadResult(testInfo: TestInfo): Promise<{ path: string; fileName: string }> {
    const downloadEvent = this.page.waitForEvent('download');
    await this.root.getByRole('button', { name: 'Download Result' }).click();
    const download = await downloadEvent;
    const fileName = download.suggestedFilename();
    const path = testInfo.outputPath(fileName);
    await download.saveAs(path);
    return { path, fileName };
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
