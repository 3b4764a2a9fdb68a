/**
 * What crawlers read about the studio site: /sitemap.xml (sitemap protocol 0.9) with every listed
 * route of the one route list and its priority, and /robots.txt pointing at it. Absolute URLs start
 * with the server's public base (PUBLIC_URL, else the request's scheme and host).
 */
import { type SiteRoute, siteRoutes } from '@docstudio/core';
import { XMLBuilder } from 'fast-xml-parser';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

export function sitemapXml(base: string, routes: readonly SiteRoute[] = siteRoutes): string {
  const urls = routes
    .filter((route) => route.listed)
    .map((route) => ({ loc: `${base}${route.path}`, priority: route.priority.toFixed(1) }));
  // The builder escapes &, <, > and quotes in the values (a PUBLIC_URL with a query cannot break it).
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: { '@_xmlns': SITEMAP_NAMESPACE, url: urls },
  });
}

/**
 * Every page may be crawled. /api/ may not: its answers are no pages, and download links name one
 * user's files, which a crawler should never keep.
 */
export function robotsTxt(base: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
