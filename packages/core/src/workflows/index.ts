export {
  canFollow,
  FIRST_STEP_INPUTS,
  firstStepChoices,
  nextStepChoices,
  normaliseFormat,
  stepOutputFormats,
} from './workflow.compatibility';
export {
  acceptedRunExtensions,
  acceptedRunFormatsLabel,
  addRunFiles,
  isRunFileAccepted,
  RUN_MESSAGES,
  type RunDropResult,
  stepInputKind,
  validateRunInput,
} from './workflow.input';
export {
  dropBlankParameters,
  fromWorkflowDto,
  makeStep,
  readParameters,
  readParameterValue,
  toWorkflowRequestBody,
} from './workflow.mapping';
export {
  RUN_TEXTS,
  type RunWorkflowOptions,
  runWorkflow,
  type WorkflowRunInput,
  type WorkflowRunResult,
} from './workflow.runner';
export {
  type WorkflowOperation,
  WorkflowService,
  WorkflowServiceError,
  type WorkflowServiceOptions,
} from './workflow.service';
export { type ChainingMode, stepFailureReason } from './workflow.step';
export type {
  StepErrorPolicy,
  StepRunState,
  Workflow,
  WorkflowDraft,
  WorkflowDto,
  WorkflowRequestBody,
  WorkflowStep,
} from './workflow.types';
export {
  type AddStepResult,
  createStepForTool,
  isValidStepEndpoint,
  validateWorkflowBasics,
  validateWorkflowDraft,
  WORKFLOW_MESSAGES,
} from './workflow.validation';
