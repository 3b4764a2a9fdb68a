/**
 * Fetches a page's module as soon as the user shows the intent to open it: a pointer over, a touch on
 * or the keyboard focus on a link to one of the studio's routes. The module is then usually there by
 * the click, so navigation shows the next page without a loading state, and nothing beyond the landing
 * is fetched for a visitor who opens no other page.
 */
import { matchSiteRoute } from '@docstudio/core';
import { useEffect } from 'react';
import { routePreloads } from './route.pages';

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

function preloadLinkTarget(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  const route = matchSiteRoute(link.pathname);
  // A failed preload is not the user's problem yet: the page's own load reports it if it fails again.
  if (route) routePreloads[route.path]?.().catch(() => undefined);
}

export function usePrefetchOnIntent(): void {
  useEffect(() => {
    for (const name of INTENT_EVENTS) document.addEventListener(name, preloadLinkTarget, { passive: true });
    return () => {
      for (const name of INTENT_EVENTS) document.removeEventListener(name, preloadLinkTarget);
    };
  }, []);
}
