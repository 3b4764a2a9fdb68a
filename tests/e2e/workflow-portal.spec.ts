/**
 * A portal page outside the studio (tests/e2e/fixtures/portal.html, served on the partner origin the
 * studio's CORS_ORIGINS lists) runs a stored workflow with a single `<docstudio-workflow-runner>`
 * loaded from the studio's /elements/, and gives a result the user downloads.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { WorkflowRunnerModel } from './models/workflow.model';
import { corpusFile } from './support/corpus';
import { pdfInfo, pdfPageCount } from './support/inspect';
import { partnerOrigin, partnerPort, studioPort } from './support/ports';
import { signUpFrom } from './support/sign-up';

const studio = `http://localhost:${studioPort}`;
const PORTAL_TEMPLATE = fileURLToPath(new URL('./fixtures/portal.html', import.meta.url));

/** The portal's own server: /portal.html with its values filled in, nothing else. */
async function startPortal(values: Record<string, string>): Promise<Server> {
  let html = await readFile(PORTAL_TEMPLATE, 'utf8');
  for (const [name, value] of Object.entries(values)) html = html.replaceAll(`{{${name}}}`, value);
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/portal.html') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(partnerPort, '127.0.0.1', resolve));
  return server;
}

test('a portal page runs a stored workflow with one <docstudio-workflow-runner> and downloads the result', async ({
  page,
}, testInfo) => {
  // The portal's admin: a studio account and a workflow stored under it.
  const token = await signUpFrom(page, '/workflows');
  const created = await page.request.post('/api/workflows/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Claim intake',
      steps: [
        { order: 1, endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' }, onError: 'stop' },
        { order: 2, endpoint: 'pdf/to/compress', parameters: {}, onError: 'stop' },
      ],
    },
  });
  expect(created.status()).toBe(200);
  const { Id } = (await created.json()) as { Id: string };

  const portal = await startPortal({
    ELEMENTS_URL: `${studio}/elements`,
    API_URL: `${studio}/api`,
    WORKFLOW_ID: Id,
    TOKEN: token,
  });
  try {
    await page.goto(`${partnerOrigin}/portal.html`);
    expect(await page.evaluate(() => location.origin)).not.toBe(studio);
    const runner = new WorkflowRunnerModel(page);
    await expect(runner.root).toHaveAttribute('data-state', 'ready');
    // The element renders inside its own shadow root, with the workflow's name as its heading.
    expect(await page.evaluate(() => document.querySelectorAll('[data-part="root"]').length)).toBe(0);
    await expect(runner.root.getByRole('heading', { level: 2, name: 'Claim intake' })).toBeVisible();

    await runner.chooseFiles(corpusFile('pdf/crazyones.pdf'));
    await runner.runButton.click();
    await runner.expectComplete();
    await expect(runner.badges).toHaveText(['Completed', 'Completed']);
    await expect(page.locator('#filed')).toHaveText(/^Filed: .+\.pdf$/);

    const result = await runner.downloadResult(testInfo);
    expect(result.fileName).toMatch(/\.pdf$/);
    expect(pdfPageCount(result.path)).toBe(pdfPageCount(corpusFile('pdf/crazyones.pdf')));
    expect(pdfInfo(result.path)['Page rot']).toBe('90');
  } finally {
    await new Promise<void>((resolve) => {
      portal.closeAllConnections();
      portal.close(() => resolve());
    });
  }
});
