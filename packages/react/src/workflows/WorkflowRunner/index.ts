export { WorkflowRunner, type WorkflowRunnerProps, type WorkflowRunnerState } from './WorkflowRunner';
