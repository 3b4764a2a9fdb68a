/**
 * The account area end to end: a new user signs up, opens Account from the header (a new tab), sees
 * their email, makes an API key that is shown once, converts a PDF with it (checked with qpdf), and
 * revokes it: the key then gets 401 and the page lists no key.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { corpusFile } from './support/corpus';
import { pdfPageCount } from './support/inspect';
import { recordLogMarker } from './support/log-markers';
import { signUpFrom } from './support/sign-up';

test('a new user makes an API key, sees it once, converts with it and revokes it', async ({
  page,
  context,
}, testInfo) => {
  await signUpFrom(page, '/');
  const [account] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Account' }).first().click(),
  ]);
  await expect(account).toHaveURL(/\/account$/);
  await expect(account.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(account.getByTestId('account-email')).toHaveText(/^e2e-workflows-.*@example\.com$/);

  await account.getByLabel('Key name').fill('Nightly export');
  await account.getByRole('button', { name: 'Create key' }).click();
  const shown = account.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^dsk_[\w-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  recordLogMarker('token', key);
  await expect(account.getByRole('row', { name: /Nightly export/ })).toContainText(key.slice(0, 12));

  const converted = await account.request.post('/api/convert/pdf/to/rotate', {
    headers: { authorization: `Bearer ${key}` },
    multipart: {
      File: {
        name: 'crazyones.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(corpusFile('pdf/crazyones.pdf')),
      },
      RotatePage: '90',
    },
  });
  expect(converted.status()).toBe(200);
  const { Files } = (await converted.json()) as { Files: Array<{ Url: string }> };
  const out = testInfo.outputPath('rotated.pdf');
  await writeFile(out, await (await account.request.get(Files[0]?.Url ?? '')).body());
  expect(pdfPageCount(out)).toBe(1);

  // Shown once: after Done, and after a reload, only the prefix is on the page.
  await account.getByRole('button', { name: 'Done' }).click();
  await account.reload();
  await expect(account.getByRole('row', { name: /Nightly export/ })).toBeVisible();
  await expect(account.locator('body')).not.toContainText(key);

  await account.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await account.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(account.getByText('You have no API keys.')).toBeVisible();
  const refused = await account.request.get('/api/workflows/get-all', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ Code: 4013 });
});
