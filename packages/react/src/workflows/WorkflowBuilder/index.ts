export { WorkflowBuilder, type WorkflowBuilderProps, type WorkflowBuilderState } from './WorkflowBuilder';
