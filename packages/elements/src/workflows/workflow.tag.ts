/**
 * The workflow screens published as elements, beside the catalogue tools: `docstudio-workflow-list`,
 * `docstudio-workflow-builder`, `docstudio-workflow-runner`. Plain data (no React): the build's entry
 * plugin (../entries.ts) reads it while Vite loads its config.
 */
export const WORKFLOW_ELEMENT_IDS = ['workflow-list', 'workflow-builder', 'workflow-runner'] as const;

export type WorkflowElementId = (typeof WORKFLOW_ELEMENT_IDS)[number];

/** `docstudio-workflow-runner` for 'workflow-runner'. */
export function workflowElementTag(id: WorkflowElementId): `docstudio-${WorkflowElementId}` {
  return `docstudio-${id}`;
}
