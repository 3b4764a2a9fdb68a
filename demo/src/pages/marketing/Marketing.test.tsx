/**
 * The comparison and industry pages (spec part 2, section 2): their headings, a comparison table of
 * what docstudio does, and each industry's calls to action to real tool pages. (axe: the sweep over
 * every route, tests/e2e/accessibility.spec.ts.)
 */
import { siteRoutes, tools } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { authContext, renderStudio } from '../workflows/workflow-pages.testing';
import { COMPARISON_ROWS } from './comparison.rows';

const renderPage = (path: string) => renderStudio(path, authContext().context);
const titleOf = (path: string) => siteRoutes.find((route) => route.path === path)!.title;
const path = (screen: Awaited<ReturnType<typeof renderPage>>) =>
  screen.getByTestId('current-path').element().textContent;

describe.each([
  ['/vs-smallpdf', 'Smallpdf'],
  ['/vs-ilovepdf', 'iLovePDF'],
  ['/vs-pdf2go', 'PDF2Go'],
])('%s', (at, competitor) => {
  it('compares with a yes or no for docstudio on every row', async () => {
    const screen = await renderPage(at);
    await expect.element(screen.getByRole('heading', { level: 1, name: titleOf(at) })).toBeVisible();
    const table = screen.getByRole('table', { name: `What docstudio does, and what to ask ${competitor}` });
    await expect.element(table).toBeVisible();
    const rows = table.getByRole('row').elements().slice(1);
    expect(rows).toHaveLength(COMPARISON_ROWS.length);
    rows.forEach((row, index) => {
      const expected = COMPARISON_ROWS[index]!;
      expect(row.querySelector('th')?.textContent).toBe(expected.capability);
      expect(row.querySelector('[data-status]')?.textContent).toBe(expected.docstudio ? 'Yes' : 'No');
    });
    // Honest: the certification row says no.
    const certification = rows.find((row) => row.textContent?.includes('SOC 2'));
    expect(certification?.querySelector('[data-status]')?.textContent).toBe('No');
  });
});

describe.each([
  ['/industries/healthcare', ['/pdf-redact', '/pdf-protect', '/pdf-ocr']],
  ['/industries/legal', ['/pdf-redact', '/pdf-watermark', '/pdf-merge']],
  ['/industries/government', ['/pdf-to-pdfa', '/pdf-redact', '/pdf-protect']],
])('%s', (at, actions) => {
  it('offers calls to action that open the tool pages', async () => {
    const screen = await renderPage(at);
    await expect.element(screen.getByRole('heading', { level: 1, name: titleOf(at) })).toBeVisible();
    const calls = screen.getByRole('list', { name: 'Calls to action' }).getByRole('link');
    const hrefs = calls.elements().map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([...actions, '/workflows']);
    const first = tools.find((tool) => tool.route === actions[0])!;
    await calls.first().click();
    await expect.poll(() => path(screen)).toBe(first.route);
    await expect.element(screen.getByRole('heading', { level: 1, name: first.texts.heading })).toBeVisible();
  });
});
