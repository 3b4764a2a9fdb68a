/**
 * The one route list (core `siteRoutes`) and the demo's router agree: every route has its page in
 * demo/src/routing/route.pages.tsx and every page its route, each route renders a page with a heading
 * (never the 404 page), and the matcher the server answers 404 with says "no route" exactly where the
 * router shows 'Oops! Page not found'. Rendered with react-dom/server, like the tool registration.
 */
import { matchSiteRoute, siteRoutes } from '@docstudio/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '../../demo/src/App';
import { routePages } from '../../demo/src/routing/route.pages';

const NOT_FOUND = 'Oops! Page not found';

/** An address of the pattern: `:id` segments filled with a sample id. */
const addressOf = (pattern: string) => pattern.replace(/:\w+\??/g, 'wf-1');

const renderAt = (path: string) =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('the site route list and the demo router', () => {
  it('have a page for every route and a route for every page', () => {
    expect(Object.keys(routePages).sort()).toEqual(siteRoutes.map((route) => route.path).sort());
  });

  it.each(siteRoutes.map((route) => [route.path, route] as const))(
    'renders %s with a heading',
    (_, route) => {
      const html = renderAt(addressOf(route.path));
      expect(html).not.toContain(NOT_FOUND);
      expect(html).toMatch(/<h1[\s>]/);
    },
  );

  it('answers the 404 page exactly where the server matcher finds no route', () => {
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
      const shows404 = renderAt(path).includes(NOT_FOUND);
      expect({ path, shows404 }).toEqual({ path, shows404: matchSiteRoute(path) === undefined });
    }
  });
});
