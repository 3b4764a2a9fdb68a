/** /workflows/create: the builder; a save or Cancel goes back to the list. */
import { WorkflowBuilder } from '@docstudio/react';
import { useNavigate } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';
import { usePageMeta } from '../../shell/usePageMeta';
import { useWorkflowPage } from './useWorkflowPage';
import { WorkflowBreadcrumb } from './WorkflowBreadcrumb';

export function CreateWorkflowPage({ auth }: { auth: StudioAuth }) {
  usePageMeta('Create Workflow', 'Name a workflow and add the tools it runs, in order.');
  const navigate = useNavigate();
  const toList = () => navigate('/workflows');
  return (
    <main>
      <WorkflowBreadcrumb current="Create Workflow" />
      <WorkflowBuilder {...useWorkflowPage(auth)} onDone={toList} onCancel={toList} />
    </main>
  );
}
