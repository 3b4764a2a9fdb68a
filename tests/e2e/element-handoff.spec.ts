/**
 * Two elements on a partner page hand a result over (issue 16): <docstudio-pdf-rotate continue>
 * offers 'Continue with another tool' and sends docstudio-continue; the page creates the chosen tool's
 * element with the results as its `initialFiles`. The served scripts (Preact) run, the real server
 * converts, and the handed-over file is split by its FileId, its pages drawn from the server's copy.
 */
import { expect, test } from '@playwright/test';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { PdfSplitModel } from './models/pdf-split.model';
import { corpusFile } from './support/corpus';
import { pdfInfo, pdfPageCount } from './support/inspect';

test('a rotated PDF continues into <docstudio-pdf-split>, which splits the rotated result', async ({
  page,
  baseURL,
}, testInfo) => {
  const url = `${baseURL}/partner-site/handoff.html`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><body>
        <docstudio-pdf-rotate api-url="${baseURL}/api" rotate-page="90" continue></docstudio-pdf-rotate>
        <div id="next"></div>
        <script>
          document.addEventListener('docstudio-continue', ({ detail }) => {
            const next = document.createElement('docstudio-' + detail.tool);
            next.setAttribute('api-url', '${baseURL}/api');
            next.initialFiles = detail.files;
            document.querySelector('#next').replaceChildren(next);
          });
        </script>
        <script type="module" src="/elements/docstudio-pdf-rotate.js"></script>
        <script type="module" src="/elements/docstudio-pdf-split.js"></script>
      </body></html>`,
    }),
  );
  await page.goto(url);

  const rotate = new PdfRotateModel(page);
  await rotate.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'));
  await rotate.convert();
  await rotate.expectComplete();
  await rotate.root.getByRole('combobox', { name: 'Continue with another tool' }).selectOption('pdf-split');
  await rotate.root.locator('[data-part="continue-button"]').click();

  const split = new PdfSplitModel(page);
  await expect(split.root).toHaveAttribute('data-state', 'selected');
  // The handed-over result's pages, downloaded from the server and drawn turned as stored.
  await expect(split.root.locator('[data-part="page-image"][data-state="ready"]')).toHaveCount(4);
  await split.splitAfter(2);
  await split.convert();
  await split.expectComplete();
  await expect(split.resultItems).toHaveCount(2);
  for (const index of [0, 1]) {
    const part = await split.download(testInfo, index);
    expect(pdfPageCount(part.path)).toBe(2);
    expect(pdfInfo(part.path)['Page rot']).toBe('90');
  }
});
