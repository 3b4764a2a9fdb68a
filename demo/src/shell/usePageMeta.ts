/**
 * Per-page head tags of the shell (spec part 1, section 2): title, description, canonical link and
 * the social-card tags. The organisation's structured data is static, in index.html.
 */
import { useEffect } from 'react';

const SITE = 'docstudio';

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

export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const fullTitle = `${title} | ${SITE}`;
    // The canonical address is the page without query or hash (?auth= must never be shared).
    const canonical = `${window.location.origin}${window.location.pathname}`;
    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertCanonical(canonical);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', canonical);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('name', 'twitter:card', 'summary');
  }, [title, description]);
}
