/**
 * Every tool page's cards (issue 15): a side card with features, benefits or tips beside the upload
 * card, the security note, and no card or column that is empty (PDF to JPG once showed an empty
 * Options card; PowerPoint, Excel, HTML and Merge an empty right column).
 */
import { tools } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { authContext, renderApp } from '../shell/shell.testing';

/** A card's own content: its text without its heading, and any form control in it. */
function hasContent(card: Element): boolean {
  const heading = card.querySelector('h1, h2, h3, h4, h5, h6')?.textContent ?? '';
  const text = (card.textContent ?? '').replace(heading, '').trim();
  return text.length > 0 || card.querySelector('input, select, textarea, button') !== null;
}

describe.each([375, 1280])('tool pages at %i px', (width) => {
  it('give every tool a filled side card, its security note and no empty card or column', async () => {
    await page.viewport(width, 900);
    const { context } = authContext();
    for (const tool of tools) {
      const screen = await renderApp(tool.route, context);
      await expect.element(screen.getByRole('heading', { level: 1, name: tool.texts.heading })).toBeVisible();
      const root = document.querySelector(`[data-scope="${tool.id}"][data-part="root"]`);
      if (!root) throw new Error(`${tool.id} has no widget`);

      const guide = root.querySelectorAll('[data-part^="guide-"]');
      expect(guide.length, `${tool.id} side cards`).toBeGreaterThan(0);
      for (const card of guide) expect(card.querySelectorAll('li').length, tool.id).toBeGreaterThan(0);

      // Cards and panels; the toaster is a live region that is empty until a toast shows.
      const cards = root.querySelectorAll('section:not([data-part="toaster"]), form');
      for (const card of cards) {
        if ((card as HTMLElement).offsetParent === null) continue;
        expect(hasContent(card), `${tool.id}: empty ${card.getAttribute('data-part')}`).toBe(true);
      }
      const upload = root.querySelector('[data-part="upload-card"]');
      for (const column of upload?.parentElement?.children ?? []) {
        expect(column.getBoundingClientRect().height, `${tool.id}: empty column`).toBeGreaterThan(40);
        expect(hasContent(column), `${tool.id}: empty column`).toBe(true);
      }
      await expect
        .element(screen.getByText('Files are processed securely and deleted automatically.'))
        .toBeVisible();
      await screen.unmount();
    }
  });
});
