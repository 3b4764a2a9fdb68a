/**
 * Shared steps of the workflow page tests: the real server of tests/studio-server.setup.ts (its API
 * base and signed-up users' tokens), an auth context signed in as one of them (or nobody), and the
 * studio rendered at a path with the router's current path readable.
 */
import { type AuthContext, defaultEnvironments, MemoryStorage, userTokenKeys } from '@docstudio/core';
import axe from 'axe-core';
import { MemoryRouter, useLocation } from 'react-router';
import { inject } from 'vitest';
import { render } from 'vitest-browser-react';
import { App } from '../../App';
import type { LinkSettings } from '../../shell/site.links';

declare module 'vitest' {
  export interface ProvidedContext {
    studioApiUrl: string;
    studioUserTokens: string[];
  }
}

export const studioApiUrl = (): string => inject('studioApiUrl');

export function userToken(index: number): string {
  const token = inject('studioUserTokens')[index];
  if (!token) throw new Error(`The test server signed up no user number ${index}.`);
  return token;
}

/** A real in-memory Web Storage, signed in with `token` when given; `assigned` records full-page navigations. */
export function authContext(token?: string) {
  const localStorage = new MemoryStorage();
  if (token) {
    const keys = userTokenKeys();
    localStorage.setItem(keys.token, token);
    localStorage.setItem(keys.expiry, String(Date.now() + 60 * 60_000));
  }
  const assigned: string[] = [];
  const context: AuthContext = {
    environment: defaultEnvironments.production,
    localStorage,
    sessionStorage: new MemoryStorage(),
    location: {
      href: 'http://studio.test/workflows',
      hostname: 'studio.test',
      assign: (url) => assigned.push(url),
      reload: () => undefined,
    },
  };
  return { context, assigned };
}

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The studio at `path` against the real server. */
/** The studio at `path`; `linkSettings` stand for the build's VITE_ link variables (none by default). */
export const renderStudio = (path: string, context: AuthContext, linkSettings: LinkSettings = {}) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App authContext={context} apiUrl={studioApiUrl()} linkSettings={linkSettings} />
      <CurrentPath />
    </MemoryRouter>,
  );

/** POST workflows/create as the user; returns the stored workflow's id. */
export async function storeWorkflow(
  token: string,
  name: string,
  endpoint = 'pdf/to/rotate',
): Promise<string> {
  const response = await fetch(`${studioApiUrl()}/workflows/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      steps: [{ order: 1, endpoint, parameters: { RotatePage: '90' }, onError: 'stop' }],
    }),
  });
  if (!response.ok) throw new Error(`workflows/create answered ${response.status}`);
  return ((await response.json()) as { Id: string }).Id;
}

/** axe-core on the rendered page: its serious and critical violations, readable in a failure. */
export async function seriousViolations(context: Element): Promise<string[]> {
  const results = await axe.run(context, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(', ')})`,
    );
}
