/**
 * /api-docs, the footer's API documentation: the server's OpenAPI document ({apiUrl}/openapi.json)
 * rendered by Swagger UI, bundled with the studio and loaded only on this page (no CDN, nothing in
 * the landing page's first load).
 */
import type { SiteRoute } from '@docstudio/core';
import { lazy, Suspense } from 'react';
import type { StudioAuth } from '../../auth/studio.auth';
import { usePageMeta } from '../../shell/usePageMeta';
import './api-docs.css';

const ApiReference = lazy(() => import('./ApiReference'));

export function ApiDocsPage({ auth, route }: { auth: StudioAuth; route: SiteRoute }) {
  usePageMeta(route.title, route.description);
  const documentUrl = `${auth.environment.apiUrl.replace(/\/+$/, '')}/openapi.json`;
  return (
    <main className="api-docs">
      <h1>{route.title}</h1>
      <p>
        Every operation of the docstudio HTTP API, generated from the server's own route schemas. Send the
        access token of a signed-in account or an API key from your account as{' '}
        <code>Authorization: Bearer …</code>. The raw document: <a href={documentUrl}>{documentUrl}</a>.
      </p>
      <Suspense fallback={<p>Loading the API reference...</p>}>
        <ApiReference documentUrl={documentUrl} />
      </Suspense>
    </main>
  );
}
