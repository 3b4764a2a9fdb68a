/**
 * Sign-up on the server's sign-in site (/a), then back to the studio through `?auth=`: the studio
 * validates the token, stores it, drops it from the address and shows Account and Logout; Logout
 * signs the token and the session out on the server too.
 */
import { expect, test } from '@playwright/test';
import { recordLogMarker } from './support/log-markers';

test('a new user signs up at /a and comes back signed in to the studio', async ({ page }) => {
  await page.goto('/pdf-rotate');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/a?returnUrl=/a/studio-login&ref=ca-studio',
  );
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/a\/sign-up\?/);

  const email = `e2e-${Date.now()}@example.com`;
  recordLogMarker('email', email);
  recordLogMarker('password', 'correct horse battery staple');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The server sends the browser back with ?auth=<token>; the studio consumes it and reloads.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('target', '_blank');
  expect(new URL(page.url()).searchParams.has('auth')).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/pdf-rotate');
  const stored = await page.evaluate(() => localStorage.getItem('docstudio_secure_token'));
  expect(stored).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // It came in the address (?auth=): the server's log must show it nowhere.
  recordLogMarker('token', stored ?? '');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('docstudio_secure_token'))).toBeNull();

  // Logout also signed the token out on the server (sent while the page navigated away), and with it
  // the sign-in session: a copy of the token is refused, and /a asks for the password again.
  const withStored = () =>
    page.request.get('/api/workflows/get-all', { headers: { authorization: `Bearer ${stored}` } });
  await expect.poll(async () => (await withStored()).status()).toBe(401);
  expect(((await (await withStored()).json()) as { Code: number }).Code).toBe(4013);
  await page.goto('/a/studio-login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('an invalid ?auth= token is dropped silently and the visitor stays signed out', async ({ page }) => {
  recordLogMarker('token', 'not-a-real-token');
  await page.goto('/pdf-merge?auth=not-a-real-token&keep=1');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.has('auth')).toBe(false);
  expect(new URL(page.url()).searchParams.get('keep')).toBe('1');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('docstudio-pending-auth'))).toBeNull();
});
