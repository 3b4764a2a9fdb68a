export type { WorkflowBaseProps } from './shared/workflow.props';
export { WorkflowBuilder, type WorkflowBuilderProps, type WorkflowBuilderState } from './WorkflowBuilder';
export { WorkflowList, type WorkflowListProps, type WorkflowListState } from './WorkflowList';
export { WorkflowRunner, type WorkflowRunnerProps, type WorkflowRunnerState } from './WorkflowRunner';
