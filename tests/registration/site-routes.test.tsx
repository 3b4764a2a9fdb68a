/**
 * The one route list (core `siteRoutes`) and the demo's router agree: every route has its page in
 * demo/src/routing/route.pages.tsx and every page its route, each route renders a page with a heading
 * (never the 404 page), and the matcher the server answers 404 with says "no route" exactly where the
 * router shows 'Oops! Page not found'. Rendered in Node with react-dom/static's prerender, which
 * waits for the lazily loaded pages (routing/lazy-module.ts) as a browser would.
 */

import { text } from 'node:stream/consumers';
import { matchSiteRoute, siteRoutes } from '@docstudio/core';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '../../demo/src/App';
import { routePages } from '../../demo/src/routing/route.pages';

const NOT_FOUND = 'Oops! Page not found';

/** An address of the pattern: `:id` segments filled with a sample id. */
const addressOf = (pattern: string) => pattern.replace(/:\w+\??/g, 'wf-1');

async function renderAt(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return text(prelude);
}

describe('the site route list and the demo router', () => {
  it('have a page for every route and a route for every page', () => {
    expect(Object.keys(routePages).sort()).toEqual(siteRoutes.map((route) => route.path).sort());
  });

  it.each(siteRoutes.map((route) => [route.path, route] as const))(
    'renders %s with a heading',
    async (_, route) => {
      const html = await renderAt(addressOf(route.path));
      expect(html).not.toContain(NOT_FOUND);
      expect(html).toMatch(/<h1[\s>]/);
    },
  );

  it('answers the 404 page exactly where the server matcher finds no route', async () => {
    const paths = [
      ...siteRoutes.map((route) => addressOf(route.path)),
      '/workflows/edit',
      '/Workflows/',
      '/PDF-MERGE',
      '/no-such-tool',
      '/workflows/edit/a/b',
      '/industries',
      '/industries/retail',
      '/pdf-merge/extra',
      '/vs-adobe',
    ];
    for (const path of paths) {
      const shows404 = (await renderAt(path)).includes(NOT_FOUND);
      expect({ path, shows404 }).toEqual({ path, shows404: matchSiteRoute(path) === undefined });
    }
  });
});
