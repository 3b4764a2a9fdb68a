/**
 * Which site route a browser path lands on, with the router's own rules so the server and the demo
 * agree on what is a page and what is a 404: segments compare without regard to case, a trailing slash
 * is ignored, `:name` takes one non-empty segment and `:name?` may be left off at the end.
 */
import { type SiteRoute, siteRoutes } from './site.routes';

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern.startsWith(':')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape (%E0%A4%A) is no route's literal segment.
    return false;
  }
  return pattern.toLowerCase() === decoded.toLowerCase();
}

/** True when `pathname` (no query, no hash) is an address of the route pattern `pattern`. */
export function pathMatchesPattern(pattern: string, pathname: string): boolean {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const required = expected.filter((segment) => !segment.endsWith('?')).length;
  if (actual.length < required || actual.length > expected.length) return false;
  return actual.every((segment, index) => segmentMatches(expected[index] ?? '', segment));
}

/** The route a path lands on, or undefined when the path is no route (the 404 page). */
export function matchSiteRoute(
  pathname: string,
  routes: readonly SiteRoute[] = siteRoutes,
): SiteRoute | undefined {
  return routes.find((route) => pathMatchesPattern(route.path, pathname));
}
