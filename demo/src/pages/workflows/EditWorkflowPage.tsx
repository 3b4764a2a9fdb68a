/**
 * /workflows/edit/:id: the builder on a stored workflow. A workflow that cannot be loaded (deleted,
 * another user's) goes back to the list, as the spec's edit screen does; so does a save or Cancel.
 */
import { WorkflowBuilder } from '@docstudio/react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { StudioAuth } from '../../auth/studio.auth';
import { usePageMeta } from '../../shell/usePageMeta';
import { useWorkflowPage } from './useWorkflowPage';
import { WorkflowBreadcrumb } from './WorkflowBreadcrumb';

export function EditWorkflowPage({ auth }: { auth: StudioAuth }) {
  usePageMeta('Edit Workflow', 'Rename a workflow, add or remove its steps.');
  const { id } = useParams();
  const navigate = useNavigate();
  const page = useWorkflowPage(auth);
  if (!id) return <Navigate to="/workflows" replace />;
  const toList = () => navigate('/workflows');
  return (
    <main>
      <WorkflowBreadcrumb current="Edit Workflow" />
      <WorkflowBuilder
        {...page}
        // A new id is a new form: nothing of the previous workflow stays in it.
        key={id}
        workflowId={id}
        onDone={toList}
        onCancel={toList}
        onMissing={() => navigate('/workflows', { replace: true })}
      />
    </main>
  );
}
