/**
 * The studio's landing grid, its filter, tool navigation and the 404 page in the built site; the
 * landing's first load without the other pages' code, which arrives when a link is pointed at, with
 * no loading placeholder between pages; with no external page configured, no link to one; and focus
 * rings that stand out from what lies behind them.
 */
import { tools } from '@docstudio/core';
import { expect, test } from '@playwright/test';

test('the landing page lists every catalogue tool and filters them by category', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Tools' });
  await expect(grid.getByRole('listitem')).toHaveCount(tools.length);
  await page.getByRole('button', { name: 'PDF Management' }).click();
  const management = tools.filter((tool) => tool.landingCategory === 'PDF Management');
  await expect(grid.getByRole('listitem')).toHaveCount(management.length);
  await expect(grid.getByText('Merge PDF')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(tools.length);
});

test('a tool card opens its page with a breadcrumb back to Tools', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Rotate PDF/ }).click();
  await expect(page).toHaveURL(/\/pdf-rotate$/);
  await expect(page.locator('[data-scope="pdf-rotate"][data-part="root"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the landing loads without the tool pages' code; pointing at a card fetches it, and the page opens without a placeholder", async ({
  page,
}) => {
  // Any moment the page area shows the loading placeholder (routing/PageLoading) is recorded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { placeholders: string[] }).placeholders = seen;
    new MutationObserver(() => {
      if (document.querySelector('.studio-page-loading')) seen.push(window.location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Tools' }).getByRole('listitem')).toHaveCount(tools.length);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/assets\/(ToolPage|workflows|account|ApiReference)-/.test(path))).toEqual(
    [],
  );

  const card = page.getByRole('link', { name: /Compress PDF/ });
  await card.hover();
  await expect.poll(() => scripts.some((path) => /\/assets\/ToolPage-[\w-]+\.js$/.test(path))).toBe(true);
  await card.click();
  await expect(page).toHaveURL(/\/pdf-compress$/);
  await expect(page.locator('[data-scope="pdf-compress"][data-part="root"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { placeholders: string[] }).placeholders)).toEqual(
    [],
  );
});

test('with no external page configured, the footer and the call to action link to none', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'API documentation' })).toBeVisible();
  const targets = await footer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(targets.filter((href) => !href?.startsWith('/'))).toEqual([]);
  await expect(page.getByRole('link', { name: /View Pricing/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Start Free Trial/ })).toBeVisible();
});

test("an unknown path shows 'Oops! Page not found' with a link home", async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test.describe('landing sections, FAQ and teasers in the built site', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: seven sections in order, one FAQ answer open at a time`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(main.locator('[data-section]')).toHaveCount(7);
      const order = await main
        .locator('[data-section]')
        .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-section')));
      expect(order).toEqual(['tools', 'enterprise', 'logos', 'security', 'testimonials', 'faq', 'cta']);
      await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);

      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      const questions = faq.getByRole('button');
      await expect(questions).toHaveCount(8);
      await questions.nth(0).click();
      await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
      await questions.nth(5).focus();
      await page.keyboard.press('Enter');
      await expect(questions.nth(5)).toHaveAttribute('aria-expanded', 'true');
      await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
      await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);

      const trial = page.getByRole('link', { name: /Start Free Trial/ });
      await expect(trial).toHaveAttribute('target', '_blank');
      await expect(trial).toHaveAttribute('href', /\/a\/sign-up\?/);
    });
  }

  test('the teasers keep their samples inert: Tab never lands inside them', async ({ page }) => {
    for (const path of ['/connectors', '/documents']) {
      await page.goto(path);
      const sample = page.getByTestId('teaser-sample');
      await expect(sample).toHaveAttribute('inert', '');
      for (let step = 0; step < 40; step += 1) {
        await page.keyboard.press('Tab');
        expect(await sample.evaluate((element) => element.contains(document.activeElement))).toBe(false);
      }
    }
  });
});

/** WCAG 2 relative luminance of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
    const c = Number(value) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('every kind of focus ring on the landing stands out 3:1 from what lies behind it', async ({ page }) => {
  await page.goto('/');
  // filter button and card on the white page, an FAQ question, a button in the dark call-to-action band
  for (const selector of [
    '.landing-filter button',
    '.landing-card',
    '.landing-faq button',
    '.landing-button',
  ]) {
    const target = page.locator(selector).first();
    await target.focus();
    const ring = await target.evaluate((element) => {
      // the ring is drawn outside the element (outline-offset): behind it is the nearest painted ancestor
      let behind = 'rgb(255, 255, 255)';
      for (let node = element.parentElement; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
          behind = colour;
          break;
        }
      }
      const style = getComputedStyle(element);
      return {
        focusVisible: element.matches(':focus-visible'),
        colour: style.outlineColor,
        width: Number.parseFloat(style.outlineWidth),
        behind,
      };
    });
    expect(ring.focusVisible, selector).toBe(true);
    expect(ring.width, selector).toBeGreaterThanOrEqual(2);
    const [ringLight, behindLight] = [luminance(ring.colour), luminance(ring.behind)];
    const ratio = (Math.max(ringLight, behindLight) + 0.05) / (Math.min(ringLight, behindLight) + 0.05);
    expect(ratio, `${selector}: ${ring.colour} on ${ring.behind}`).toBeGreaterThanOrEqual(3);
  }
});
