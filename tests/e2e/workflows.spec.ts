/**
 * Workflows end to end, as a new user meets them in the studio with the real server: sign up, build
 * 'Office to PDF -> Compress -> Protect', run it on a Word document, close the page mid-run, come
 * back to /workflows/run/:id and download the result; rename the workflow and delete it. A failing
 * middle step, and what a visitor sees. Results are checked with qpdf and poppler.
 */
import { statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { WorkflowBuilderModel, WorkflowListModel, WorkflowRunnerModel } from './models/workflow.model';
import { corpusFile } from './support/corpus';
import { decryptPdf, pdfPageCount, pdfText, requiresPassword, rewritePdf } from './support/inspect';
import { LEDGER_PAGES, ledgerHeading, writeLedgerDocx } from './support/ledger-docx';
import { signUpFrom } from './support/sign-up';

const NAME = 'Office to PDF -> Compress -> Protect';
const RENAMED = 'Ledger to locked PDF';
const PASSWORD = 'Harbour-Lantern-5127';

/** The Office to PDF output of the same document, unprotected, straight from the API (the reference). */
async function officeReference(page: Page, token: string, docx: string, out: string): Promise<string> {
  const answer = await page.request.post('/api/convert/office/to/pdf', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      File: { name: 'ledger.docx', mimeType: 'application/octet-stream', buffer: await readFile(docx) },
    },
  });
  expect(answer.status()).toBe(200);
  const { Files } = (await answer.json()) as { Files: Array<{ Url: string }> };
  const pdf = await page.request.get(Files[0]?.Url ?? '');
  await writeFile(out, await pdf.body());
  return out;
}

const workflowIdOf = (page: Page): string => new URL(page.url()).pathname.split('/').pop() ?? '';

test('a new user builds, runs across a closed page, renames and deletes a workflow', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(300_000);
  const token = await signUpFrom(page, '/workflows');
  const list = new WorkflowListModel(page);
  await expect(list.root).toHaveAttribute('data-state', 'empty');
  await expect(list.root).toContainText('No workflows created yet');

  // Create: the builder page, reached from the list.
  await list.createButton.click();
  await expect(page).toHaveURL('/workflows/create');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
    'Workflows / Create Workflow',
  );
  const builder = new WorkflowBuilderModel(page);
  await builder.name.fill(NAME);
  await builder.addStep('Office to PDF');
  await builder.addStep('Compress PDF');
  await builder.addStep('Protect PDF', { 'User password': PASSWORD });
  await expect(builder.stepTools).toHaveText(['Office to PDF', 'Compress PDF', 'Protect PDF']);
  // The password shows as set, never in clear.
  await expect(builder.root).not.toContainText(PASSWORD);
  await builder.save('Create Workflow');
  await expect(page).toHaveURL('/workflows');
  await expect(list.row(NAME).locator('[data-part="chain"]')).toHaveText(
    'Office to PDF → Compress PDF → Protect PDF',
  );
  await expect(list.root.locator('[data-part="count"]')).toHaveText('1 of 1');

  // Run on a Word document; close the page while the server runs it.
  await list
    .row(NAME)
    .getByRole('button', { name: `Run ${NAME}` })
    .click();
  await expect(page).toHaveURL(/\/workflows\/run\/[\w-]+$/);
  const id = workflowIdOf(page);
  const docx = testInfo.outputPath('ledger.docx');
  await writeLedgerDocx(docx);
  const runner = new WorkflowRunnerModel(page);
  await expect(runner.root).toHaveAttribute('data-state', 'ready');
  await expect(runner.root.locator('[data-part="accepted-formats"]')).toContainText('DOCX');
  await runner.chooseFiles(docx);
  const started = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/api/workflows/run/${id}`),
  );
  await runner.runButton.click();
  const startAnswer = await started;
  expect(startAnswer.status()).toBe(202);
  const { JobId } = (await startAnswer.json()) as { JobId: string };
  await expect(runner.root).toHaveAttribute('data-state', 'running');
  await page.close();
  // The run goes on without the page: its job still runs on the server.
  const job = await context.request.get(`/api/job/${JobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(job.status()).toBe(202);

  // Back on the run page: the last run is there, followed to its end, and its result downloads.
  const back = await context.newPage();
  await back.goto(`/workflows/run/${id}`);
  const again = new WorkflowRunnerModel(back);
  await expect(again.lastRun).toContainText('Last run started');
  await again.expectComplete();
  await expect(again.badges).toHaveText(['Completed', 'Completed', 'Completed']);
  // The server's run history has the run the closed page started, newest first.
  const history = await back.request.get(`/api/workflows/runs?workflowId=${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(history.status()).toBe(200);
  const { Runs } = (await history.json()) as { Runs: Array<{ RunId: string; Steps: unknown[] }> };
  expect(Runs[0]?.RunId).toBe(JobId);
  expect(Runs[0]?.Steps).toHaveLength(3);
  const result = await again.downloadResult(testInfo);
  expect(result.fileName).toMatch(/\.pdf$/);

  // A password-protected PDF of the document's pages, compressed against Office to PDF's own output.
  expect(requiresPassword(result.path)).toBe(true);
  const decrypted = decryptPdf(result.path, PASSWORD, testInfo.outputPath('decrypted.pdf'));
  expect(pdfPageCount(decrypted)).toBe(LEDGER_PAGES);
  const text = pdfText(decrypted);
  for (const page of [1, LEDGER_PAGES / 2, LEDGER_PAGES]) expect(text).toContain(ledgerHeading(page));
  const office = await officeReference(back, token, docx, testInfo.outputPath('office.pdf'));
  expect(requiresPassword(office)).toBe(false);
  expect(pdfPageCount(office)).toBe(LEDGER_PAGES);
  // Both through the same qpdf rewrite, so only the workflow's compression tells them apart.
  const officeBytes = statSync(rewritePdf(office, testInfo.outputPath('office.rewritten.pdf'))).size;
  const resultBytes = statSync(decrypted).size;
  testInfo.annotations.push({
    type: 'sizes',
    description: `Office to PDF ${officeBytes} B, workflow result (decrypted) ${resultBytes} B`,
  });
  expect(resultBytes).toBeLessThan(officeBytes);

  // Edit: rename, and the list shows the new name.
  await back.goto('/workflows');
  const listAgain = new WorkflowListModel(back);
  await listAgain
    .row(NAME)
    .getByRole('button', { name: `Edit ${NAME}` })
    .click();
  await expect(back).toHaveURL(`/workflows/edit/${id}`);
  await expect(back.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Workflows / Edit Workflow');
  const editor = new WorkflowBuilderModel(back);
  await expect(editor.name).toHaveValue(NAME);
  await expect(editor.stepTools).toHaveText(['Office to PDF', 'Compress PDF', 'Protect PDF']);
  await editor.name.fill(RENAMED);
  await editor.save('Update Workflow');
  await expect(back).toHaveURL('/workflows');
  await expect(listAgain.row(RENAMED)).toBeVisible();
  expect(await listAgain.names()).toEqual([RENAMED]);

  // Delete, confirmed in the dialog.
  await listAgain
    .row(RENAMED)
    .getByRole('button', { name: `Delete ${RENAMED}` })
    .click();
  const dialog = back.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(
    `This will permanently delete the workflow "${RENAMED}". This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(listAgain.root).toContainText('No workflows created yet');
  await expect(listAgain.root.locator('[data-part="toast"]')).toContainText('Workflow deleted');
  const stored = await back.request.get('/api/workflows/get-all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await stored.json()).toEqual([]);
});

test("a failing middle step shows 'Step 2 failed: {reason}' and the third step stays pending", async ({
  page,
}) => {
  await signUpFrom(page, '/workflows');
  await new WorkflowListModel(page).createButton.click();
  const builder = new WorkflowBuilderModel(page);
  await builder.name.fill('Protect, unlock, compress');
  await builder.addStep('Protect PDF', { 'User password': 'Right-Key-2290' });
  // Step 2 gets a PDF it cannot open: the password it was given is not the one step 1 set.
  await builder.addStep('Unlock PDF', { Password: 'Wrong-Key-8841' });
  await builder.addStep('Compress PDF');
  await builder.save('Create Workflow');
  await expect(page).toHaveURL('/workflows');
  await page.getByRole('button', { name: 'Run Protect, unlock, compress' }).click();

  const runner = new WorkflowRunnerModel(page);
  await runner.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await runner.runButton.click();
  await expect(runner.root).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
  await expect(runner.errors).toContainText([
    'Step 2 failed: The password is incorrect. Check it and try again.',
  ]);
  await expect(runner.badges).toHaveText(['Completed', 'Error', 'Pending']);
  await expect(runner.root.getByRole('button', { name: 'Download Result' })).toHaveCount(0);
});

test('a visitor sees the blurred sample workflows and Sign In Required on create, edit and run', async ({
  page,
}) => {
  await page.goto('/workflows');
  const list = new WorkflowListModel(page);
  await expect(list.root).toHaveAttribute('data-state', 'visitor');
  await expect(page.getByRole('heading', { name: 'Sign In to Access Workflows' })).toBeVisible();
  const sample = list.root.locator('[data-part="sample"]');
  await expect(sample).toHaveAttribute('aria-hidden', 'true');
  expect(await sample.evaluate((node) => getComputedStyle(node).filter)).toContain('blur');
  await expect(sample.locator('[data-part="sample-row"] [data-part="name"]')).toHaveText([
    'Invoice Processing',
    'Document Archive',
    'Presentation Converter',
    'Legal Document Flow',
  ]);
  await expect(list.createButton).toHaveCount(0);

  for (const [path, crumb] of [
    ['/workflows/create', 'Create Workflow'],
    ['/workflows/edit/3f1c2a4e-0000-4000-8000-000000000003', 'Edit Workflow'],
    ['/workflows/run/3f1c2a4e-0000-4000-8000-000000000003', 'Run Workflow'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Workflows / ${crumb}`);
    await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  }

  // Sign In leads to the sign-in site.
  await page.goto('/workflows/create');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/a(\/|\?|$)/);
  await expect(page.getByLabel('Email')).toBeVisible();
});
