/**
 * axe over the whole studio, in one sweep: every route of the core route list (both spec parts; the
 * workflow edit and run routes with a real workflow of the signed-in user) at a 375 px phone and a
 * 1280 px desktop, signed out and signed in, in the built site. Each page is checked once its own
 * data has arrived (network idle); the API documentation with an operation open. The page-family
 * checks this replaces are gone, so a new route is covered by being in the list.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { siteRoutes } from '@docstudio/core';
import { expect, type Page, test } from '@playwright/test';
import { signUpFrom } from './support/sign-up';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: string[] }> }>;
}

/** axe-core's serious and critical violations on the page, readable in a failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

/** Opens a route and waits until its page is complete: heading, its data, and Swagger UI's operation. */
async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // A lazily loaded page opened first arrives after the shell: generous on a busy machine.
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  if (path === '/api-docs') {
    await page
      .getByRole('button', { name: 'POST /convert/office/to/pdf Office to PDF' })
      .click({ timeout: 30_000 });
    await expect(
      page.locator('.opblock.is-open').getByText('Request body', { exact: true }).first(),
    ).toBeVisible();
    // The opened operation's wide forms still fit the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  }
}

async function sweep(page: Page, workflowId: string): Promise<void> {
  expect(siteRoutes.length).toBeGreaterThan(30);
  const findings: Record<string, string[]> = {};
  for (const route of siteRoutes) {
    const path = route.path.replace(/:\w+\??/g, workflowId);
    await openRoute(page, path);
    const problems = await seriousViolations(page);
    if (problems.length > 0) findings[path] = problems;
  }
  expect(findings).toEqual({});
}

/** A workflow of the signed-in page's user, through the API as a script would store it. */
async function storeWorkflow(page: Page, token: string): Promise<string> {
  const answer = await page.request.post('/api/workflows/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Checked by axe',
      steps: [{ order: 1, endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' }, onError: 'stop' }],
    },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { Id: string }).Id;
}

// axe is injected as a script of its own, which the studio's policy rightly refuses.
test.use({ bypassCSP: true });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every route, signed out: no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(600_000);
      // Someone's workflow: a visitor's edit and run pages show the sign-in card for it.
      await sweep(page, '7f3c2a9e-0000-4000-8000-000000000000');
    });

    test('every route, signed in with a workflow: no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(600_000);
      const token = await signUpFrom(page, '/');
      await sweep(page, await storeWorkflow(page, token));
    });
  });
}
