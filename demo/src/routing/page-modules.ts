/**
 * The source file (under demo/src) of the page module each kind of route is shown with; the landing
 * page ('home') is in the first load and has none. route.pages.tsx imports each file lazily (the
 * literal imports Vite follows; tests/registration/page-modules.test.ts checks they are these files),
 * and the build lists, by kind, the files each module needs (scripts/page-preloads.mjs), which the
 * server names in a `Link` header of the page's HTML: a visitor who lands on a tool page fetches its
 * module with the first load instead of after it.
 *
 * Plain data with a type-only import: vite.config.ts reads it before any workspace package is built.
 */
import type { SiteRouteKind } from '@docstudio/core';

export type LazyRouteKind = Exclude<SiteRouteKind, 'home'>;

export const PAGE_MODULE_SOURCES: Readonly<Record<LazyRouteKind, string>> = {
  tool: 'pages/ToolPage.tsx',
  workflows: 'pages/workflows/index.ts',
  teaser: 'pages/teasers/index.ts',
  comparison: 'pages/marketing/index.ts',
  industry: 'pages/marketing/index.ts',
  account: 'pages/account/index.ts',
  developers: 'pages/api-docs/ApiDocsPage.tsx',
};
