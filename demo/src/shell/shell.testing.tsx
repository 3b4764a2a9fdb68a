/**
 * Shared steps of the shell and tool-page tests: an auth context on real in-memory Web Storage, the
 * studio rendered at a path, the viewport widths the site must fit, horizontal overflow as a user
 * sees it (a sideways scroll bar).
 */
import { type AuthContext, defaultEnvironments, MemoryStorage, userTokenKeys } from '@docstudio/core';
import { MemoryRouter } from 'react-router';
import { render } from 'vitest-browser-react';
import { App } from '../App';
import type { LinkSettings } from './site.links';

/** A phone (iPhone SE/13 mini width) and a desktop. */
export const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

export function authContext(options: { environment?: 'production' | 'staging'; signedIn?: boolean } = {}) {
  const localStorage = new MemoryStorage();
  const keys = userTokenKeys();
  if (options.signedIn) {
    localStorage.setItem(keys.token, 'user-token');
    localStorage.setItem(keys.expiry, String(Date.now() + 60_000));
  }
  const assigned: string[] = [];
  const context: AuthContext = {
    environment: defaultEnvironments[options.environment ?? 'production'],
    localStorage,
    sessionStorage: new MemoryStorage(),
    location: {
      href: 'http://studio.test/',
      hostname: 'studio.test',
      assign: (url) => assigned.push(url),
      reload: () => undefined,
    },
  };
  return { context, localStorage, assigned };
}

/** The studio at `path`; `linkSettings` stand for the build's VITE_ link variables (none by default). */
export const renderApp = (path: string, context: AuthContext, linkSettings: LinkSettings = {}) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App authContext={context} linkSettings={linkSettings} />
    </MemoryRouter>,
  );

/** How many pixels the page is wider than the window (0 = no sideways scrolling). */
export function horizontalOverflow(): number {
  const scrolling = document.scrollingElement ?? document.documentElement;
  return Math.max(0, scrolling.scrollWidth - window.innerWidth);
}
