/**
 * The studio's routes, built from the one route list of core (`siteRoutes`, shared with the server's
 * sitemap and 404 answers) and the page of each route (routing/route.pages.tsx).
 */
import { type AuthContext, browserAuthContext, siteRoutes } from '@docstudio/core';
import { StudioProvider } from '@docstudio/react';
import { Suspense, useMemo, useState } from 'react';
import { Route, Routes } from 'react-router';
import { studioAuth } from './auth/studio.auth';
import { useAuthArrival } from './auth/useAuthArrival';
import { NotFound } from './pages/NotFound';
import { PageLoading } from './routing/PageLoading';
import { PlaceholderPage } from './routing/PlaceholderPage';
import { routePages } from './routing/route.pages';
import { usePrefetchOnIntent } from './routing/usePrefetchOnIntent';
import { PageShell } from './shell/PageShell';
import { buildTimeLinkSettings, type LinkSettings } from './shell/site.links';
import { LinkSettingsProvider } from './shell/site-links.context';

export interface AppProps {
  /** The browser's auth context by default; tests pass their own storage and environment. */
  authContext?: AuthContext;
  apiUrl?: string;
  /** The external pages' addresses; the build's VITE_ variables by default (shell/site.links.ts). */
  linkSettings?: LinkSettings;
}

export function App({ authContext, apiUrl = '/api', linkSettings = buildTimeLinkSettings }: AppProps) {
  const [context] = useState(() => authContext ?? browserAuthContext());
  const auth = useMemo(() => studioAuth(context), [context]);
  const arrivalProblem = useAuthArrival(context);
  usePrefetchOnIntent();
  return (
    <StudioProvider apiUrl={apiUrl} token={auth.token} environment={auth.environment.name}>
      <LinkSettingsProvider value={linkSettings}>
        <PageShell auth={auth} notice={arrivalProblem}>
          {/* Navigations are transitions (react-router), so a page still loading keeps the previous one
            on screen; the fallback shows only when a lazily loaded page is the first one opened. */}
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {siteRoutes.map((route) => {
                const page = routePages[route.path];
                return (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={page ? page({ auth, route }) : <PlaceholderPage route={route} />}
                  />
                );
              })}
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </PageShell>
      </LinkSettingsProvider>
    </StudioProvider>
  );
}
