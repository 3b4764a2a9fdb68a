/**
 * /account against the real server (tests/studio-server.setup.ts): a visitor's Sign In Required card;
 * a signed-in user's email, an API key made (shown once, working as a bearer), listed and revoked
 * (then refused by the server), the password changed, and the account deleted (its token refused).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import {
  authContext,
  renderStudio,
  seriousViolations,
  studioApiUrl,
  userToken,
} from '../workflows/workflow-pages.testing';

afterEach(() => cleanup());

/** Users 2 and 3 of the set-up are this file's (the workflow pages take 0 and 1). */
const keysUser = userToken(2);
const deletedUser = userToken(3);
/** The password tests/studio-server.setup.ts signs user number 3 (index 2) up with. */
const keysUserPassword = 'browser test password 3';

const path = (screen: Awaited<ReturnType<typeof renderStudio>>) =>
  screen.getByTestId('current-path').element().textContent;

const statusWith = async (bearer: string) =>
  (await fetch(`${studioApiUrl()}/workflows/get-all`, { headers: { authorization: `Bearer ${bearer}` } }))
    .status;

describe('the account page', () => {
  it('shows a visitor the Sign In Required card', async () => {
    const { context, assigned } = authContext();
    const screen = await renderStudio('/account', context);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    expect(await seriousViolations(document.body)).toEqual([]);
    await screen.getByRole('button', { name: 'Sign In' }).click();
    expect(assigned).toEqual(['/a?returnUrl=/a/studio-login&ref=ca-studio']);
    await screen.getByRole('button', { name: 'Back to Home' }).click();
    await expect.poll(() => path(screen)).toBe('/');
  });

  it('makes an API key, shows it once, lists it without the secret and revokes it', async () => {
    const { context } = authContext(keysUser);
    const screen = await renderStudio('/account', context);
    await expect.element(screen.getByTestId('account-email')).toHaveTextContent(/@example\.com$/);
    await expect.element(screen.getByText('You have no API keys.')).toBeVisible();

    await screen.getByLabelText('Key name').fill('CI script');
    await screen.getByRole('button', { name: 'Create key' }).click();
    const shown = screen.getByTestId('new-api-key');
    await expect.element(shown).toHaveTextContent(/^dsk_[\w-]{43}$/);
    const secret = shown.element().textContent ?? '';
    expect(await statusWith(secret)).toBe(200);

    const row = screen.getByRole('row', { name: /CI script/ });
    await expect.element(row).toHaveTextContent(secret.slice(0, 12));
    expect(row.element().textContent).not.toContain(secret.slice(12));
    expect(await seriousViolations(document.body)).toEqual([]);

    await screen.getByRole('button', { name: 'Done' }).click();
    expect(document.body.textContent).not.toContain(secret);

    await screen.getByRole('button', { name: 'Revoke CI script' }).click();
    await expect.element(screen.getByRole('alertdialog', { name: 'Revoke this API key?' })).toBeVisible();
    expect(await seriousViolations(document.body)).toEqual([]);
    await screen.getByRole('button', { name: 'Revoke key' }).click();
    await expect.element(screen.getByText('You have no API keys.')).toBeVisible();
    expect(await statusWith(secret)).toBe(401);
  });

  it('refuses a wrong current password, then changes it', async () => {
    const { context } = authContext(keysUser);
    const screen = await renderStudio('/account', context);
    await screen.getByLabelText('Current password').fill('not my password');
    await screen.getByLabelText('New password').fill('a brand new password');
    await screen.getByRole('button', { name: 'Change password' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The current password is not correct.');

    await screen.getByLabelText('Current password').fill(keysUserPassword);
    await screen.getByLabelText('New password').fill('a brand new password');
    await screen.getByRole('button', { name: 'Change password' }).click();
    await expect
      .element(screen.getByText('Your password has been changed.'))
      .toHaveAttribute('role', 'status');
  });

  it('deletes the account after confirming, signs out and the token stops working', async () => {
    const { context, assigned } = authContext(deletedUser);
    const screen = await renderStudio('/account', context);
    await screen.getByRole('button', { name: 'Delete account' }).click();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusWith(deletedUser)).toBe(200);

    await screen.getByRole('button', { name: 'Delete account' }).click();
    await screen.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => assigned).toEqual(['/']);
    expect(await statusWith(deletedUser)).toBe(401);
  });
});
