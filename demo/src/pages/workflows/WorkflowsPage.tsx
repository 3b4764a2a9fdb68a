/** /workflows: the user's workflows, or the blurred sample of four examples for a visitor. */
import { WorkflowList } from '@docstudio/react';
import { useNavigate } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';
import { usePageMeta } from '../../shell/usePageMeta';
import { useWorkflowPage } from './useWorkflowPage';

export function WorkflowsPage({ auth }: { auth: StudioAuth }) {
  usePageMeta('Workflows', 'Chain PDF and document tools into named workflows and run them in one go.');
  const navigate = useNavigate();
  return (
    <main>
      <WorkflowList
        {...useWorkflowPage(auth)}
        onCreate={() => navigate('/workflows/create')}
        onEdit={(id) => navigate(`/workflows/edit/${encodeURIComponent(id)}`)}
        onRun={(id) => navigate(`/workflows/run/${encodeURIComponent(id)}`)}
      />
    </main>
  );
}
