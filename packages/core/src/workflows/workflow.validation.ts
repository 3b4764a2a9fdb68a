/** Create and edit validation with the spec's messages (part 2 section 5). */
import { isOptionShown } from '../api/conversion.form';
import { findToolByEndpoint, findToolById } from '../catalogue';
import type { ToolId } from '../catalogue/catalogue.tools';
import { canFollow, stepOutputFormats } from './workflow.compatibility';
import { makeStep } from './workflow.mapping';
import type { WorkflowDraft, WorkflowStep } from './workflow.types';

export const WORKFLOW_MESSAGES = {
  nameRequired: 'Workflow name is required',
  stepRequired: 'At least one step is required',
  selectTool: 'Please select a tool',
  invalidEndpoint: (n: number) => `Step ${n}: Invalid endpoint format`,
  parameterRequired: (n: number, label: string) => `Step ${n}: ${label} is required`,
  formatMismatch: (n: number) => `Step ${n}: Cannot accept output from step ${n - 1} (format mismatch)`,
} as const;

/**
 * An endpoint is well formed when it contains '/to/'. Catalogue aliases without it (pdf/merge, the
 * workflow list's spelling of pdf/to/merge) are accepted too, or a merge workflow could never be saved.
 */
export function isValidStepEndpoint(endpoint: string): boolean {
  const trimmed = endpoint.trim();
  return (
    /^[^/\s]+(\/[^/\s]+)*\/to\/[^/\s]+(\/[^/\s]+)*$/.test(trimmed) ||
    findToolByEndpoint(trimmed) !== undefined
  );
}

/** Edit screen: name and at least one step (Update is disabled while this returns errors). */
export function validateWorkflowBasics(draft: Pick<WorkflowDraft, 'name' | 'steps'>): string[] {
  const errors: string[] = [];
  if (draft.name.trim() === '') errors.push(WORKFLOW_MESSAGES.nameRequired);
  if (draft.steps.length === 0) errors.push(WORKFLOW_MESSAGES.stepRequired);
  return errors;
}

/**
 * Create screen: name, steps, endpoint format, required parameters (except web-to-pdf's url, which
 * the run screen asks for, and options hidden by `shownWhen`) and format compatibility of
 * consecutive steps (OCR's pdf/to/txt step outputs txt only). Returns every message.
 */
export function validateWorkflowDraft(draft: WorkflowDraft): string[] {
  const errors = validateWorkflowBasics(draft);
  draft.steps.forEach((step, index) => {
    const n = index + 1;
    if (!isValidStepEndpoint(step.endpoint)) {
      errors.push(WORKFLOW_MESSAGES.invalidEndpoint(n));
      return;
    }
    const tool = findToolByEndpoint(step.endpoint.trim());
    if (!tool) return;
    for (const option of tool.options) {
      if (!option.required || !isOptionShown(tool, option, step.parameters)) continue;
      if (tool.id === 'web-to-pdf' && option.name.toLowerCase() === 'url') continue;
      // A password the server keeps for a saved step counts as given.
      if ((step.parameters[option.name] ?? '').trim() === '' && !step.storedSecrets?.[option.name]) {
        errors.push(WORKFLOW_MESSAGES.parameterRequired(n, option.label));
      }
    }
    const previous =
      index > 0 ? findToolByEndpoint((draft.steps[index - 1]?.endpoint ?? '').trim()) : undefined;
    const previousEndpoint = (draft.steps[index - 1]?.endpoint ?? '').trim();
    if (previous && !canFollow(stepOutputFormats(previous, previousEndpoint), tool))
      errors.push(WORKFLOW_MESSAGES.formatMismatch(n));
  });
  return errors;
}

export type AddStepResult = { ok: true; step: WorkflowStep } | { ok: false; error: string };

/**
 * The builder's 'Add step': a step for the chosen tool with its catalogue endpoint (the workflow
 * spelling where it differs) and the entered parameters, blanks dropped.
 */
export function createStepForTool(
  toolId: ToolId | '' | undefined,
  parameters: Readonly<Record<string, string>>,
  order: number,
): AddStepResult {
  const tool = toolId ? findToolById(toolId) : undefined;
  if (!tool) return { ok: false, error: WORKFLOW_MESSAGES.selectTool };
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(parameters)) if (value.trim() !== '') kept[name] = value;
  return { ok: true, step: makeStep(tool.workflowEndpoint ?? tool.endpoint, kept, order) };
}
