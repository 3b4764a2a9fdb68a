/**
 * What the workflow builder screen needs beyond validation: the tool choices for the next step, a
 * step made from the catalogue's option fields (sent as the tool page sends them), a readable list
 * of a step's parameters and the JSON view. Secret parameters (passwords) are shown as set, never in
 * clear: not in the step list, not in the JSON a user may copy and paste elsewhere.
 */
import { isOptionShown, type OptionValues, optionFieldValue } from '../api/conversion.form';
import {
  findToolByEndpoint,
  findToolById,
  secretParameterNames,
  type ToolDefinition,
  type ToolId,
  tools,
} from '../catalogue';
import { firstStepChoices, nextStepChoices } from './workflow.compatibility';
import { makeStep, toWorkflowRequestBody } from './workflow.mapping';
import type { WorkflowDraft, WorkflowStep } from './workflow.types';
import { type AddStepResult, WORKFLOW_MESSAGES } from './workflow.validation';

/** Tools the next step may use: the spec's first-step list, then tools taking the last step's output. */
export function toolChoicesAfter(steps: readonly Pick<WorkflowStep, 'endpoint'>[]): ToolDefinition[] {
  const last = steps[steps.length - 1];
  if (!last) return firstStepChoices();
  const tool = findToolByEndpoint(last.endpoint);
  // A stored step on an endpoint this catalogue does not know: nothing is known of its output.
  return tool ? nextStepChoices(tool, last.endpoint) : [...tools];
}

/** The options the builder asks for now: every catalogue option (workflow-only ones too) whose condition holds. */
export function builderOptions(tool: ToolDefinition, values: OptionValues) {
  return tool.options.filter((option) => isOptionShown(tool, option, values));
}

/** A step's parameters from the builder's fields: shown options only, each as the tool page sends it. */
export function stepParametersFrom(tool: ToolDefinition, values: OptionValues): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const option of builderOptions(tool, values)) {
    const value = optionFieldValue(option, values[option.name]);
    if (value !== undefined && value.trim() !== '') parameters[option.name] = value;
  }
  return parameters;
}

/** The endpoint of a step: an output choice's (OCR's Text File is pdf/to/txt), else the workflow spelling. */
export function stepEndpointFor(tool: ToolDefinition, outputChoice?: string): string {
  const choice = tool.endpointChoices?.find((entry) => entry.value === outputChoice);
  return choice?.endpoint ?? tool.workflowEndpoint ?? tool.endpoint;
}

/** 'Add step': 'Please select a tool' without a tool, else the step with its parameters. */
export function builderStep(
  toolId: ToolId | '' | undefined,
  values: OptionValues,
  order: number,
  outputChoice?: string,
): AddStepResult {
  const tool = toolId ? findToolById(toolId) : undefined;
  if (!tool) return { ok: false, error: WORKFLOW_MESSAGES.selectTool };
  return {
    ok: true,
    step: makeStep(stepEndpointFor(tool, outputChoice), stepParametersFrom(tool, values), order),
  };
}

export interface StepParameterView {
  name: string;
  /** The option's label, or the name for a parameter the catalogue does not know. */
  label: string;
  /** The value as text; null for a secret, which is only ever shown as set. */
  value: string | null;
}

/** A step's parameters for the step list, with the catalogue's labels and secrets hidden. */
export function describeStepParameters(
  step: Pick<WorkflowStep, 'endpoint' | 'parameters' | 'storedSecrets'>,
): StepParameterView[] {
  const tool = findToolByEndpoint(step.endpoint);
  const secrets = secretParameterNames(step.endpoint);
  const names = [...new Set([...Object.keys(step.parameters), ...Object.keys(step.storedSecrets ?? {})])];
  return names
    .filter((name) => (step.parameters[name] ?? '').trim() !== '' || step.storedSecrets?.[name])
    .map((name) => {
      const option = tool?.options.find((entry) => entry.name === name);
      const choice = option?.options?.find((entry) => entry.value === step.parameters[name]);
      const value = secrets.includes(name) ? null : (choice?.label ?? step.parameters[name] ?? '');
      return { name, label: option?.label ?? name, value };
    });
}

/** The JSON view: the body create/update sends, with each secret replaced by a `{ "Set": true }` marker. */
export function workflowJsonPreview(draft: WorkflowDraft): string {
  const body = toWorkflowRequestBody(draft);
  for (const step of body.steps) {
    for (const name of secretParameterNames(step.endpoint)) {
      const value = step.parameters[name];
      if (typeof value === 'string') step.parameters[name] = { Set: true };
    }
  }
  return JSON.stringify(body, null, 2);
}
