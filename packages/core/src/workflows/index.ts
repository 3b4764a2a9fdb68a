export {
  builderOptions,
  builderStep,
  describeStepParameters,
  type StepParameterView,
  stepEndpointFor,
  stepParametersFrom,
  toolChoicesAfter,
  workflowJsonPreview,
} from './workflow.builder';
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
export { findLastRun, type LastRunOptions } from './workflow.last-run';
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
export { type RememberedRun, RunMemory, runMemoryKey } from './workflow.run-memory';
export { RunReport, type RunReportCallbacks, type RunSnapshot } from './workflow.run-report';
export {
  RUN_TEXTS,
  type RunWorkflowOptions,
  runWorkflow,
  type WorkflowRunInput,
  type WorkflowRunResult,
} from './workflow.runner';
export {
  parseWorkflowRuns,
  type WorkflowRunRecord,
  type WorkflowRunStatus,
  type WorkflowRunStepRecord,
} from './workflow.runs';
export { SAMPLE_WORKFLOWS, type SampleWorkflow } from './workflow.samples';
export { needsServerRun } from './workflow.server-run';
export {
  type WorkflowOperation,
  WorkflowService,
  WorkflowServiceError,
  type WorkflowServiceOptions,
} from './workflow.service';
export { type ChainingMode, stepFailureReason } from './workflow.step';
export { followRun, runStoredWorkflow, type StoredRunOptions } from './workflow.stored-run';
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
