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
  heldSecretNames,
  makeStep,
  readParameters,
  readParameterValue,
  readStoredSecrets,
  toWorkflowRequestBody,
} from './workflow.mapping';
export {
  RUN_TEXTS,
  type RunWorkflowOptions,
  runWorkflow,
  type WorkflowRunInput,
  type WorkflowRunResult,
} from './workflow.runner';
export { needsServerRun } from './workflow.server-run';
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
  StoredSecretMarker,
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
