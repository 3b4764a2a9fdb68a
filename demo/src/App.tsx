/**
 * The studio's routes: every tool route comes from the core catalogue, never a second list; the
 * workflow pages (spec part 2, section 2) beside them.
 */
import { type AuthContext, browserAuthContext, tools } from '@docstudio/core';
import { StudioProvider } from '@docstudio/react';
import { useMemo, useState } from 'react';
import { Route, Routes } from 'react-router';
import { studioAuth } from './auth/studio.auth';
import { useAuthArrival } from './auth/useAuthArrival';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { ToolPage } from './pages/ToolPage';
import { CreateWorkflowPage, EditWorkflowPage, RunWorkflowPage, WorkflowsPage } from './pages/workflows';
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
          <Route path="/" element={<Landing />} />
          {tools.map((tool) => (
            <Route key={tool.id} path={tool.route} element={<ToolPage tool={tool} />} />
          ))}
          <Route path="/workflows" element={<WorkflowsPage auth={auth} />} />
          <Route path="/workflows/create" element={<CreateWorkflowPage auth={auth} />} />
          {/* Without an id, edit and run go back to the list. */}
          <Route path="/workflows/edit/:id?" element={<EditWorkflowPage auth={auth} />} />
          <Route path="/workflows/run/:id?" element={<RunWorkflowPage auth={auth} />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </PageShell>
    </StudioProvider>
  );
}
