/**
 * /workflows/run/:id: runs a stored workflow on the server. The run goes on when the page is left;
 * opened again, the page shows the workflow's last run. A workflow that cannot be loaded goes back
 * to the list.
 */
import { WorkflowRunner } from '@docstudio/react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';
import { usePageMeta } from '../../shell/usePageMeta';
import { useWorkflowPage } from './useWorkflowPage';
import { WorkflowBreadcrumb } from './WorkflowBreadcrumb';

export function RunWorkflowPage({ auth }: { auth: StudioAuth }) {
  usePageMeta('Run Workflow', 'Run a saved workflow on your files and download the result.');
  const { id } = useParams();
  const navigate = useNavigate();
  const page = useWorkflowPage(auth);
  if (!id) return <Navigate to="/workflows" replace />;
  return (
    <main>
      <WorkflowBreadcrumb current="Run Workflow" />
      <WorkflowRunner
        {...page}
        key={id}
        workflowId={id}
        onMissing={() => navigate('/workflows', { replace: true })}
      />
    </main>
  );
}
