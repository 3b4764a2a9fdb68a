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
      <p>
        Rate limits: calls with an API key count against that key alone, 1200 a minute by default (enough for
        batch scripts); other calls 120 a minute per account and per address, anonymous ones per address. Each
        limit allows a burst up to its figure. Over it, the answer is <code>429</code> with{' '}
        <code>Retry-After</code>: the seconds to wait. A self-hosted server sets them with{' '}
        <code>API_KEY_RATE_LIMIT_PER_MINUTE</code> and <code>RATE_LIMIT_PER_MINUTE</code>.
      </p>
      <Suspense fallback={<p>Loading the API reference...</p>}>
        <ApiReference documentUrl={documentUrl} />
      </Suspense>
    </main>
  );
}
