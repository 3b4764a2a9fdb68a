/**
 * The partner-embedding journey: a plain HTML page with no React loads one element module from the
 * running studio (/elements/) and converts through the real server; the page hears about it through
 * the element's `docstudio-complete` DOM event. The page is served on the studio's origin; the same
 * journey from a partner's own origin (CORS) is cross-origin-embedding.spec.ts.
 */
import { tools } from '@docstudio/core';
import { expect, type Page, test } from '@playwright/test';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { corpusFile } from './support/corpus';
import { pdfInfo } from './support/inspect';

interface CompleteEvent {
  tag: string;
  composed: boolean;
  bubbles: boolean;
  files: { fileName: string; url: string; fileSize: number }[];
}

declare global {
  interface Window {
    docstudioComplete: Promise<CompleteEvent>;
  }
}

async function openPartnerPage(page: Page, baseURL: string, body: string): Promise<void> {
  const url = `${baseURL}/partner-site/embed.html`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><body>${body}</body></html>`,
    }),
  );
  await page.goto(url);
}

test('a partner page converts with <docstudio-pdf-rotate> and receives docstudio-complete', async ({
  page,
  baseURL,
}, testInfo) => {
  await openPartnerPage(
    page,
    baseURL as string,
    `<h1>Partner intranet</h1>
     <script>
       window.docstudioComplete = new Promise((resolve) =>
         document.addEventListener('docstudio-complete', (event) =>
           resolve({ tag: event.target.tagName, composed: event.composed, bubbles: event.bubbles, files: event.detail.files })));
     </script>
     <docstudio-pdf-rotate api-url="${baseURL}/api" rotate-page="180" theme="dark"></docstudio-pdf-rotate>
     <script type="module" src="/elements/docstudio-pdf-rotate.js"></script>`,
  );
  const tool = new PdfRotateModel(page);
  await expect(tool.root).toHaveAttribute('data-state', 'idle');
  // The widget lives in the element's shadow root, styled by the adopted stylesheet.
  const inShadow = await page.evaluate(
    () =>
      document.querySelector('docstudio-pdf-rotate')?.shadowRoot?.querySelector('[data-part="root"]') !==
      null,
  );
  expect(inShadow).toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll('[data-part="root"]').length)).toBe(0);
  // theme="dark" themes the host; the stylesheet inlined in the module paints the dark surface.
  await expect(page.locator('docstudio-pdf-rotate')).toHaveAttribute('theme', 'dark');
  expect(await tool.root.evaluate((root) => getComputedStyle(root).backgroundColor)).toBe('rgb(15, 23, 42)');
  await expect(tool.combobox('Angle')).toHaveValue('180');

  await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await tool.convert();
  await tool.expectComplete();
  const event = await page.evaluate(() => window.docstudioComplete);
  expect(event).toMatchObject({ tag: 'DOCSTUDIO-PDF-ROTATE', composed: true, bubbles: true });
  expect(event.files).toHaveLength(1);
  expect(event.files[0]?.fileName).toMatch(/\.pdf$/);
  expect(event.files[0]?.url).toMatch(new RegExp(`^${baseURL}/api/`));

  const result = await tool.download(testInfo);
  expect(pdfInfo(result.path)['Page rot']).toBe('180');
});

test('one script defines every tool element and the three workflow elements', async ({ page, baseURL }) => {
  await openPartnerPage(page, baseURL as string, '<script type="module" src="/elements/all.js"></script>');
  const ids = [...tools.map((tool) => tool.id), 'workflow-list', 'workflow-builder', 'workflow-runner'];
  await expect
    .poll(() => page.evaluate((names) => names.filter((id) => !customElements.get(`docstudio-${id}`)), ids))
    .toEqual([]);
});
