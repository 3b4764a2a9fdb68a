export { WorkflowList, type WorkflowListProps, type WorkflowListState } from './WorkflowList';
