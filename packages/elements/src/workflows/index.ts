export { createWorkflowElement, defineWorkflowElement, type WorkflowComponents } from './workflow.element';
export { fillUrlTemplate } from './workflow.navigation';
export { WORKFLOW_ELEMENT_IDS, type WorkflowElementId, workflowElementTag } from './workflow.tag';
