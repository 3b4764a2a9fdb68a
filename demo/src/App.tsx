/**
 * The studio's routes, built from the one route list of core (`siteRoutes`, shared with the server's
 * sitemap and 404 answers) and the page of each route (routing/route.pages.tsx).
 */
import { type AuthContext, browserAuthContext, siteRoutes } from '@docstudio/core';
import { StudioProvider } from '@docstudio/react';
import { useMemo, useState } from 'react';
import { Route, Routes } from 'react-router';
import { studioAuth } from './auth/studio.auth';
import { useAuthArrival } from './auth/useAuthArrival';
import { NotFound } from './pages/NotFound';
import { PlaceholderPage } from './routing/PlaceholderPage';
import { routePages } from './routing/route.pages';
import { PageShell } from './shell/PageShell';

export interface AppProps {
  /** The browser's auth context by default; tests pass their own storage and environment. */
  authContext?: AuthContext;
  apiUrl?: string;
}

export function App({ authContext, apiUrl = '/api' }: AppProps) {
  const [context] = useState(() => authContext ?? browserAuthContext());
  const auth = useMemo(() => studioAuth(context), [context]);
  const arrivalProblem = useAuthArrival(context);
  return (
    <StudioProvider apiUrl={apiUrl} token={auth.token} environment={auth.environment.name}>
      <PageShell auth={auth} notice={arrivalProblem}>
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
      </PageShell>
    </StudioProvider>
  );
}
