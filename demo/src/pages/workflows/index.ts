export { CreateWorkflowPage } from './CreateWorkflowPage';
export { EditWorkflowPage } from './EditWorkflowPage';
export { RunWorkflowPage } from './RunWorkflowPage';
export { WorkflowsPage } from './WorkflowsPage';
