/**
 * A new user, as in sign-in.spec.ts: 'Get Started' from a studio page, sign-up on the server's /a
 * site, back to that page signed in. Returns the studio token the page stored, for the checks a test
 * makes on the API beside the browser.
 */
import { expect, type Page } from '@playwright/test';
import { recordLogMarker } from './log-markers';

let users = 0;

export async function signUpFrom(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/a\/sign-up\?/);
  const email = `e2e-workflows-${Date.now()}-${++users}@example.com`;
  const password = 'correct horse battery staple';
  recordLogMarker('email', email);
  recordLogMarker('password', password);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
  const token = await page.evaluate(() => localStorage.getItem('docstudio_secure_token'));
  if (!token) throw new Error('The studio stored no token after sign-up.');
  recordLogMarker('token', token);
  return token;
}
