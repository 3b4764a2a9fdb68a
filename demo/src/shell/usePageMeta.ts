/**
 * Per-page head tags (spec part 1, section 2): title, description, canonical link, the social card
 * (Open Graph and Twitter, with the site's card image) and the organisation's structured data. The
 * shell sets them for every route from the route list (useRouteMeta); a page's own usePageMeta call
 * only shows where no route matches (the 404 page), because the shell's effect runs after the page's.
 */
import { matchSiteRoute } from '@docstudio/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const SITE = 'docstudio';
export const SOCIAL_CARD_PATH = '/social-card.png';
const SOCIAL_CARD_SIZE = { width: '1200', height: '630' };

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/** index.html carries the same block without addresses for crawlers that run no script. */
function upsertOrganization(origin: string): void {
  let script = document.head.querySelector<HTMLScriptElement>('script#organization-data');
  if (!script) {
    script = document.createElement('script');
    script.id = 'organization-data';
    script.type = 'application/ld+json';
    document.head.append(script);
  }
  script.textContent = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE,
    url: `${origin}/`,
    logo: `${origin}/logo.png`,
    description: 'PDF and document tools with a self-hostable conversion server.',
  });
}

export function applyPageMeta(title: string, description: string): void {
  const fullTitle = `${title} | ${SITE}`;
  const { origin, pathname } = window.location;
  // The canonical address is the page without query or hash (?auth= must never be shared).
  const canonical = `${origin}${pathname}`;
  const image = `${origin}${SOCIAL_CARD_PATH}`;
  document.title = fullTitle;
  upsertMeta('name', 'description', description);
  upsertCanonical(canonical);
  upsertMeta('property', 'og:site_name', SITE);
  upsertMeta('property', 'og:title', fullTitle);
  upsertMeta('property', 'og:description', description);
  upsertMeta('property', 'og:url', canonical);
  upsertMeta('property', 'og:type', 'website');
  upsertMeta('property', 'og:image', image);
  upsertMeta('property', 'og:image:width', SOCIAL_CARD_SIZE.width);
  upsertMeta('property', 'og:image:height', SOCIAL_CARD_SIZE.height);
  upsertMeta('property', 'og:image:alt', `${SITE}: PDF and document tools`);
  upsertMeta('name', 'twitter:card', 'summary_large_image');
  upsertMeta('name', 'twitter:title', fullTitle);
  upsertMeta('name', 'twitter:description', description);
  upsertMeta('name', 'twitter:image', image);
  upsertOrganization(origin);
}

/** A page's own head tags; overridden by the route list's entry wherever the path is a route. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => applyPageMeta(title, description), [title, description]);
}

/** The shell's: the head tags of the route the current path lands on. */
export function useRouteMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = matchSiteRoute(pathname);
    if (route) applyPageMeta(route.title, route.description);
  }, [pathname]);
}
