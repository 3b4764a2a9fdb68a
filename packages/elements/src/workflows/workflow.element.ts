/**
 * Defines a workflow screen's element from its React component. Each built entry passes in only its
 * own component (`defineWorkflowElement('workflow-runner', WorkflowRunner)`), so one element's script
 * carries one screen, as a tool's script carries one tool.
 */
import type { WorkflowBuilderProps, WorkflowListProps, WorkflowRunnerProps } from '@docstudio/react';
import type { ComponentType } from 'react';
import { defineDocstudioElement } from '../define';
import '../styles/element.styles';
import { type WorkflowElementId, workflowElementTag } from './workflow.tag';
import { createWorkflowBuilderElement } from './workflow-builder.element';
import { createWorkflowListElement } from './workflow-list.element';
import { createWorkflowRunnerElement } from './workflow-runner.element';

export interface WorkflowComponents {
  'workflow-list': ComponentType<WorkflowListProps>;
  'workflow-builder': ComponentType<WorkflowBuilderProps>;
  'workflow-runner': ComponentType<WorkflowRunnerProps>;
}

export function createWorkflowElement<Id extends WorkflowElementId>(
  id: Id,
  Component: WorkflowComponents[Id],
): CustomElementConstructor {
  if (id === 'workflow-list')
    return createWorkflowListElement(Component as WorkflowComponents['workflow-list']);
  if (id === 'workflow-builder')
    return createWorkflowBuilderElement(Component as WorkflowComponents['workflow-builder']);
  return createWorkflowRunnerElement(Component as WorkflowComponents['workflow-runner']);
}

/** Defines `docstudio-<id>` once (a second script with the same element is harmless). */
export function defineWorkflowElement<Id extends WorkflowElementId>(
  id: Id,
  Component: WorkflowComponents[Id],
): void {
  defineDocstudioElement(workflowElementTag(id), () => createWorkflowElement(id, Component));
}
