import { describe, expect, it } from 'vitest';
import { tools } from '../catalogue';
import { matchSiteRoute, pathMatchesPattern } from './site.match';
import { siteRoutes } from './site.routes';

const routeAt = (path: string) => siteRoutes.find((route) => route.path === path);

describe('siteRoutes', () => {
  it('holds every route of both spec parts once', () => {
    const paths = siteRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const tool of tools) expect(paths).toContain(tool.route);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/workflows',
        '/workflows/create',
        '/workflows/edit/:id?',
        '/workflows/run/:id?',
        '/connectors',
        '/documents',
        '/vs-smallpdf',
        '/vs-ilovepdf',
        '/vs-pdf2go',
        '/industries/healthcare',
        '/industries/legal',
        '/industries/government',
      ]),
    );
    expect(tools).toHaveLength(18);
  });

  it("gives the spec's sitemap priorities", () => {
    expect(routeAt('/')?.priority).toBe(1);
    for (const tool of tools) expect(routeAt(tool.route)?.priority).toBe(0.9);
    expect(routeAt('/workflows')?.priority).toBe(0.8);
    expect(routeAt('/documents')?.priority).toBe(0.8);
    expect(routeAt('/workflows/create')?.priority).toBe(0.7);
    for (const industry of ['healthcare', 'legal', 'government'])
      expect(routeAt(`/industries/${industry}`)?.priority).toBe(0.7);
    for (const rival of ['smallpdf', 'ilovepdf', 'pdf2go'])
      expect(routeAt(`/vs-${rival}`)?.priority).toBe(0.6);
    for (const route of siteRoutes) expect(route.priority).toBeGreaterThanOrEqual(0);
  });

  it("lists no route that names one user's data or needs a sign-in", () => {
    const unlisted = siteRoutes.filter((route) => !route.listed).map((route) => route.path);
    expect(unlisted.sort()).toEqual(['/account', '/workflows/edit/:id?', '/workflows/run/:id?']);
    for (const route of siteRoutes) expect(route.title.trim()).not.toBe('');
  });
});

describe('matchSiteRoute', () => {
  it('finds literal routes regardless of case and a trailing slash', () => {
    expect(matchSiteRoute('/')?.kind).toBe('home');
    expect(matchSiteRoute('/pdf-merge')?.path).toBe('/pdf-merge');
    expect(matchSiteRoute('/PDF-Merge/')?.path).toBe('/pdf-merge');
    expect(matchSiteRoute('/industries/legal')?.kind).toBe('industry');
  });

  it('fills :id segments, optional ones too, and no more segments than the pattern has', () => {
    expect(matchSiteRoute('/workflows/run/7f3a')?.path).toBe('/workflows/run/:id?');
    expect(matchSiteRoute('/workflows/run')?.path).toBe('/workflows/run/:id?');
    expect(matchSiteRoute('/workflows/run/7f3a/extra')).toBeUndefined();
    expect(pathMatchesPattern('/a/:id', '/a')).toBe(false);
  });

  it('finds no route for unknown paths and malformed escapes', () => {
    for (const path of ['/no-such-tool', '/industries', '/industries/retail', '/pdf-merge/x', '/%E0%A4%A'])
      expect(matchSiteRoute(path)).toBeUndefined();
  });
});
