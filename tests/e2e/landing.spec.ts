/** The studio's landing grid, its filter, tool navigation and the 404 page in the built site. */
import { expect, test } from '@playwright/test';

test('the landing page lists the 18 tools and filters them by category', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Tools' });
  await expect(grid.getByRole('listitem')).toHaveCount(18);
  await page.getByRole('button', { name: 'PDF Management' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(4);
  await expect(grid.getByText('Merge PDF')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(18);
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
