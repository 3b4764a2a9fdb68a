export { matchSiteRoute, pathMatchesPattern } from './site.match';
export { type SiteRoute, type SiteRouteKind, siteRoutes } from './site.routes';
