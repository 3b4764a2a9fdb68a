/**
 * The studio at phone and desktop widths (issue 15): the landing page and every tool page fit the
 * window without sideways scrolling and carry their head tags from the route list. (axe at both
 * widths: tests/e2e/accessibility.spec.ts.)
 */
import { matchSiteRoute, tools } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { authContext, horizontalOverflow, renderApp, VIEWPORTS } from './shell.testing';

const PATHS = ['/', ...tools.map((tool) => tool.route)];

function headTag(selector: string, attribute = 'content'): string | null {
  return document.head.querySelector(selector)?.getAttribute(attribute) ?? null;
}

describe.each(VIEWPORTS)('at $width px ($name)', ({ width, height }) => {
  it('shows the landing page and every tool page without sideways scrolling', async () => {
    await page.viewport(width, height);
    const { context } = authContext({ environment: 'staging' });
    for (const path of PATHS) {
      const screen = await renderApp(path, context);
      await expect.element(screen.getByRole('heading', { level: 1 })).toBeVisible();
      expect(horizontalOverflow(), `${path} scrolls sideways`).toBe(0);
      await screen.unmount();
    }
  });

  it("sets each page's title, description, canonical link, social card and organisation data", async () => {
    await page.viewport(width, height);
    const { context } = authContext();
    for (const path of ['/', '/pdf-redact', '/office-to-pdf']) {
      const route = matchSiteRoute(path);
      if (!route) throw new Error(`${path} is in the route list`);
      const screen = await renderApp(path, context);
      await expect.poll(() => document.title, { message: path }).toBe(`${route.title} | docstudio`);
      expect(headTag('meta[name="description"]')).toBe(route.description);
      expect(headTag('link[rel="canonical"]', 'href')).toBe(
        `${window.location.origin}${window.location.pathname}`,
      );
      expect(headTag('meta[property="og:title"]')).toBe(document.title);
      expect(headTag('meta[property="og:description"]')).toBe(route.description);
      expect(headTag('meta[name="twitter:card"]')).toBe('summary_large_image');
      const image = headTag('meta[property="og:image"]');
      expect(image).toBe(`${window.location.origin}/social-card.png`);
      expect(headTag('meta[name="twitter:image"]')).toBe(image);
      const organization = JSON.parse(document.getElementById('organization-data')?.textContent ?? '{}');
      expect(organization).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'docstudio',
        url: `${window.location.origin}/`,
      });
      await screen.unmount();
    }
  });
});
