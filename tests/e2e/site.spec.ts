/**
 * The studio site as the server answers it: 404 for paths that are no route (with the studio's
 * 'Oops! Page not found' page), the sitemap and robots.txt, the Content-Security-Policy holding while
 * the studio is used (no violation in Chromium), the API documentation page rendering the server's
 * OpenAPI document from this origin, and a deep link naming its page module's files in a Link header.
 */
import { siteRoutes, tools } from '@docstudio/core';
import { expect, type Page, test } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { consoleMessages } from './support/console-messages';

/** Records every CSP violation the page reports, from the first script on. */
async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleViolations = consoleMessages(page, /Content Security Policy/i);
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)),
    ...consoleViolations,
  ];
}

test("an unknown path answers HTTP 404 with 'Oops! Page not found' and a link home", async ({ page }) => {
  const answer = await page.goto('/no-such-page/at-all');
  expect(answer?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('every route answers HTTP 200 and renders its page, never the 404 page', async ({ page }) => {
  for (const route of siteRoutes) {
    const answer = await page.goto(route.path.replace(/:\w+\??/g, 'no-such-workflow'));
    expect({ path: route.path, status: answer?.status() }).toEqual({ path: route.path, status: 200 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  }
});

test("a deep link names its page's module files in a Link header, and the page uses every one, fetched once", async ({
  browser,
  baseURL,
}) => {
  // one route of each kind that has a page module of its own (the landing is in the first load),
  // each in a fresh context: nothing cached from the route before
  const kinds = new Map(
    siteRoutes.filter((route) => route.kind !== 'home').map((route) => [route.kind, route]),
  );
  for (const route of kinds.values()) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const unusedPreloads = consoleMessages(page, /preload .* not used/i);
    const answer = await page.goto(route.path.replace(/:\w+\??/g, 'no-such-workflow'));
    const link = (await answer?.allHeaders())?.link ?? '';
    const named = [...link.matchAll(/<([^>]+)>/g)].map((match) => match[1] ?? '');
    expect({ path: route.path, named: named.length > 0 }).toEqual({ path: route.path, named: true });
    if (route.kind === 'tool') expect(link).toMatch(/<\/assets\/ToolPage-[\w-]+\.js>; rel=modulepreload/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect({ path: route.path, unused: named.filter((path) => !loaded.includes(path)) }).toEqual({
      path: route.path,
      unused: [],
    });
    // A preload whose request differs from the page's own (a style preload without `crossorigin`,
    // where Vite's loader asks with it) is not used: the file is fetched a second time.
    const fetchedTwice = named.filter((path) => requested.filter((url) => url === path).length > 1);
    expect({ path: route.path, fetchedTwice, unusedPreloads }).toEqual({
      path: route.path,
      fetchedTwice: [],
      unusedPreloads: [],
    });
    await context.close();
  }
});

test('/sitemap.xml parses as XML and lists every listed route with its priority; robots.txt names it', async ({
  request,
  baseURL,
}) => {
  const answer = await request.get('/sitemap.xml');
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as {
    urlset: { url: Array<{ loc: string; priority: number }> };
  };
  const listed = Object.fromEntries(parsed.urlset.url.map((url) => [url.loc, url.priority]));
  expect(listed).toEqual(
    Object.fromEntries(
      siteRoutes.filter((route) => route.listed).map((route) => [`${baseURL}${route.path}`, route.priority]),
    ),
  );
  expect(listed[`${baseURL}/`]).toBe(1);
  expect(listed[`${baseURL}${tools[0]?.route}`]).toBe(0.9);
  expect(listed[`${baseURL}/vs-pdf2go`]).toBe(0.6);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the Content-Security-Policy holds while the studio is used: no violation on its pages', async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  const answer = await page.goto('/');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  await page
    .getByRole('link', { name: /Merge PDF/ })
    .first()
    .click();
  await expect(page.locator('[data-scope="pdf-merge"][data-part="root"]')).toBeVisible();
  for (const path of ['/workflows', '/workflows/create', '/connectors', '/api-docs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // Swagger UI has rendered the document (its styles and scripts under the same policy).
  await expect(page.getByRole('button', { name: 'POST /convert/office/to/pdf Office to PDF' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await violations()).toEqual([]);
});

test("the API documentation page renders the server's OpenAPI document from this origin", async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== baseURL) foreign.push(request.url());
  });
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  // The rate limits a script meets, per API key, with the 429 it gets past them.
  await expect(page.getByText(/calls with an API key count against that key alone/)).toBeVisible();
  // The convert operation of Office to PDF: its path and its title from the catalogue.
  const title = tools.find((tool) => tool.id === 'office-to-pdf')?.title;
  expect(title).toBe('Office to PDF');
  const operation = page.locator('.opblock', { hasText: '/convert/office/to/pdf' });
  await expect(operation.getByText('/convert/office/to/pdf', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(operation.getByText(title ?? '', { exact: true })).toBeVisible();
  // Opening the operation shows its form fields from the document.
  await operation.getByRole('button', { name: `POST /convert/office/to/pdf ${title}` }).click();
  await expect(operation.getByText('PdfVersion', { exact: false }).first()).toBeVisible();
  // Everything came from this origin: no CDN, no validator badge, no font service.
  expect(foreign.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
});
