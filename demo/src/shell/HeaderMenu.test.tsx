/**
 * The header on a phone (issue 15): Sign In and Get Started stay in the bar, the navigation sits
 * behind a Menu disclosure that works by keyboard (Enter opens, Escape closes and gives focus back),
 * the Staging strip covers no control, and the skip link moves focus to the page content.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { authContext, renderApp } from './shell.testing';

/** True when the two boxes share any area. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

describe('header on a 375 px phone', () => {
  beforeEach(async () => {
    await page.viewport(375, 812);
  });

  it('keeps Sign In and Get Started in view and opens the navigation from the Menu button by keyboard', async () => {
    const { context } = authContext();
    const screen = await renderApp('/pdf-merge', context);
    for (const name of ['Sign In', 'Get Started']) {
      const link = screen.getByRole('link', { name });
      await expect.element(link).toBeVisible();
      const box = link.element().getBoundingClientRect();
      expect(box.right, name).toBeLessThanOrEqual(window.innerWidth);
    }
    const menu = screen.getByRole('button', { name: 'Menu' });
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('navigation', { name: 'Main' }).query()).toBeNull();

    (menu.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'true');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    await expect.element(navigation.getByRole('link', { name: 'Workflows' })).toBeVisible();
    await userEvent.keyboard('{Tab}');
    await expect.element(navigation.getByRole('link', { name: 'Tools' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
    await expect.element(menu).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Main' }).query()).toBeNull();
  });

  it('closes the menu when one of its links is followed', async () => {
    const { context } = authContext();
    const screen = await renderApp('/', context);
    await screen.getByRole('button', { name: 'Menu' }).click();
    await screen.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Menu' }))
      .toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the Staging badge over no control of the header', async () => {
    const { context } = authContext({ environment: 'staging' });
    const screen = await renderApp('/', context);
    const badge = screen.getByText('Staging', { exact: true });
    await expect.element(badge).toBeVisible();
    const badgeBox = badge.element().getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>('header a, header button');
    expect(controls.length).toBeGreaterThan(2);
    for (const control of controls) {
      if (control.offsetParent === null) continue;
      expect(overlaps(badgeBox, control.getBoundingClientRect()), control.textContent ?? '').toBe(false);
    }
  });

  it('sends a signed-in user to /account from the Account button', async () => {
    const { context } = authContext({ signedIn: true });
    const screen = await renderApp('/', context);
    const account = screen.getByRole('link', { name: /Account/ });
    await expect.element(account).toHaveAttribute('href', '/account');
    await expect.element(account).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

describe('skip link', () => {
  it('is the first thing Tab reaches and moves focus to the page content', async () => {
    await page.viewport(1280, 800);
    const { context } = authContext();
    const screen = await renderApp('/pdf-rotate', context);
    await expect.element(screen.getByRole('heading', { level: 1 })).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Tab}');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await expect.element(skip).toHaveFocus();
    await expect.element(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    const content = document.getElementById('main-content');
    await expect.poll(() => document.activeElement).toBe(content);
    expect(content?.querySelector('main h1')).not.toBeNull();
    // The next Tab continues inside the page, not back in the header.
    await userEvent.keyboard('{Tab}');
    expect(content?.contains(document.activeElement)).toBe(true);
  });
});
