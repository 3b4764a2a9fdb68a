/** The studio's landing grid, its filter, tool navigation and the 404 page in the built site. */
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

test("an unknown path shows 'Oops! Page not found' with a link home", async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
