import { expect, type Locator, type Page } from '@playwright/test';
import { ToolModel } from './tool.model';

export class PdfMergeModel extends ToolModel {
  constructor(page: Page) {
    super(page, 'pdf-merge');
  }

  /** The file names in the order they will be merged. */
  async order(): Promise<string[]> {
    return this.root.locator('[data-part="file-name"]').allInnerTexts();
  }

  dragHandle(fileName: string): Locator {
    return this.root.getByRole('button', { name: `Drag to reorder ${fileName}`, exact: true });
  }

  /** Drags a file by its handle with the mouse, in small steps as a hand does, onto another file's place. */
  async dragWithMouse(fileName: string, ontoFileName: string): Promise<void> {
    const from = await this.dragHandle(fileName).boundingBox();
    const to = await this.dragHandle(ontoFileName).boundingBox();
    if (!from || !to) throw new Error('drag handles not on screen');
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await this.page.mouse.up();
  }

  /**
   * Keyboard only, as a screen-reader user does it: focus the handle, Space to pick up, arrows to
   * move, Space to drop, each step after the announcement of the one before.
   */
  async moveWithKeyboard(fileName: string, key: 'ArrowUp' | 'ArrowDown', times: number): Promise<void> {
    const files = await this.order();
    let position = files.indexOf(fileName) + 1;
    await this.dragHandle(fileName).focus();
    await this.page.keyboard.press('Space');
    // Picking up is announced, then at once where the file is (dnd-kit reports the first 'over').
    const pickedUp = `Picked up ${fileName}, position ${position} of ${files.length}.`;
    const over = `${fileName} is at position ${position} of ${files.length}.`;
    await expect(this.page.getByText(pickedUp).or(this.page.getByText(over))).toBeAttached();
    // dnd-kit's keyboard sensor starts listening for the arrows in a timer it sets on pick-up: a
    // timer set after it in the page runs after it (a loaded machine pressed the arrow before, lost)
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    for (let step = 0; step < times; step++) {
      await this.page.keyboard.press(key);
      position += key === 'ArrowUp' ? -1 : 1;
      await expect(
        this.page.getByText(`${fileName} is at position ${position} of ${files.length}.`),
      ).toBeAttached();
    }
    await this.page.keyboard.press('Space');
  }

  async showPages(fileName: string): Promise<Locator> {
    await this.root.getByRole('button', { name: `Show the pages of ${fileName}`, exact: true }).click();
    const pages = this.root.getByRole('group', { name: `Pages of ${fileName}`, exact: true });
    await expect(pages).toBeVisible();
    return pages;
  }
}
