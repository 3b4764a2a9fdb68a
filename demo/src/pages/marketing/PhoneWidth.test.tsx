/**
 * The teaser and marketing pages on a 375 px phone: each fits the window (no sideways scrolling,
 * the comparison table included). (axe at this width: tests/e2e/accessibility.spec.ts.)
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { authContext, renderStudio } from '../workflows/workflow-pages.testing';

const PATHS = [
  '/connectors',
  '/documents',
  '/vs-smallpdf',
  '/vs-ilovepdf',
  '/vs-pdf2go',
  '/industries/healthcare',
  '/industries/legal',
  '/industries/government',
];

describe('teaser and marketing pages at 375 px', () => {
  it('fit the phone without sideways scrolling', async () => {
    await page.viewport(375, 812);
    for (const path of PATHS) {
      const screen = await renderStudio(path, authContext().context);
      await expect.element(screen.getByRole('heading', { level: 1 })).toBeVisible();
      const root = document.documentElement;
      expect(root.scrollWidth - root.clientWidth, `${path} scrolls sideways`).toBe(0);
      await screen.unmount();
    }
  });
});
