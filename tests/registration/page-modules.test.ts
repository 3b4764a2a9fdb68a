/**
 * The page module the build lists for each kind of route (demo/src/routing/page-modules.ts, which
 * scripts/page-preloads.mjs turns into page-preloads.json for the server's Link header) is the very
 * module the router loads for that kind (route.pages.tsx): a preload header never names another
 * page's files. And every route but the landing fetches its module ahead on intent (routePreloads).
 */
import { siteRoutes } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { type LazyRouteKind, PAGE_MODULE_SOURCES } from '../../demo/src/routing/page-modules';
import { pageModules, routePreloads } from '../../demo/src/routing/route.pages';

const kinds = Object.keys(PAGE_MODULE_SOURCES) as LazyRouteKind[];

describe("each kind of route's page module", () => {
  it.each(kinds)(
    '%s: the source the build lists is the module the router loads',
    async (kind) => {
      const listed = await import(
        new URL(`../../demo/src/${PAGE_MODULE_SOURCES[kind]}`, import.meta.url).pathname
      );
      expect(await pageModules[kind].preload()).toBe(listed);
    },
    60_000,
  ); // the tool page's module and its imports take seconds to transform on a loaded machine

  it('is fetched ahead for every route but the landing, whose page is in the first load', () => {
    for (const route of siteRoutes) {
      const expected = route.kind === 'home' ? undefined : pageModules[route.kind].preload;
      expect({ path: route.path, preload: routePreloads[route.path] }).toEqual({
        path: route.path,
        preload: expected,
      });
    }
  });
});
