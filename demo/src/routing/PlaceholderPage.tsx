/**
 * A route whose own page is not written yet: its heading and description from the route list, so the
 * address answers a page (never the 404) while the page is on its way.
 */
import type { SiteRoute } from '@docstudio/core';
import { usePageMeta } from '../shell/usePageMeta';

export function PlaceholderPage({ route }: { route: SiteRoute }) {
  usePageMeta(route.title, route.description);
  return (
    <main>
      <h1>{route.title}</h1>
      <p>{route.description}</p>
    </main>
  );
}
