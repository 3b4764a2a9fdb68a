/**
 * Every listed route of the studio (the core route list) at a phone, a tablet and a desktop width, in
 * the built site: the page's one h1 renders, its title comes from the route list, and nothing makes the
 * page scroll sideways. On the phone the header's Sign In, Get Started and Menu stay reachable.
 */
import { siteRoutes } from '@docstudio/core';
import { expect, type Page, test } from '@playwright/test';

const WIDTHS = [375, 768, 1280] as const;
const listed = siteRoutes.filter((route) => route.listed);

/** How many pixels the page is wider than the window (0 = no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const scrolling = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scrolling.scrollWidth - window.innerWidth);
  });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every listed route renders its heading without sideways scrolling', async ({ page }) => {
      expect(listed.length).toBeGreaterThan(25);
      for (const route of listed) {
        await page.goto(route.path);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, route.path).toHaveCount(1);
        await expect(heading, route.path).toBeVisible();
        await expect(page, route.path).toHaveTitle(`${route.title} | docstudio`);
        expect(await overflow(page), `${route.path} scrolls sideways`).toBe(0);
      }
    });
  });
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Sign In, Get Started and the Menu are in view, and the menu leads to every header page', async ({
    page,
  }) => {
    await page.goto('/pdf-compress');
    for (const control of [
      page.getByRole('link', { name: 'Sign In' }),
      page.getByRole('link', { name: 'Get Started' }),
      page.getByRole('button', { name: 'Menu' }),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await expect(navigation.getByRole('link')).toHaveText(['Tools', 'Workflows', 'Connectors', 'Storage']);
    await navigation.getByRole('link', { name: 'Storage' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(await overflow(page)).toBe(0);
  });
});

test('the favicon and the social card are served as images', async ({ request, page }) => {
  for (const [path, type] of [
    ['/favicon.svg', 'image/svg+xml'],
    ['/favicon.png', 'image/png'],
    ['/social-card.png', 'image/png'],
    ['/logo.png', 'image/png'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
  }
  await page.goto('/');
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    'href',
    '/favicon.svg',
  );
  // the shell makes it absolute once it has rendered (usePageMeta.ts): waited for, not read at once
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^http:\/\/localhost:\d+\/social-card\.png$/,
  );
});
