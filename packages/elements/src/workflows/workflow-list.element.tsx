/**
 * `<docstudio-workflow-list>`: the user's workflows with Run, Edit and Delete. Run, Edit and 'Create
 * new workflow' dispatch `docstudio-run` / `docstudio-edit` (`detail.id`) / `docstudio-create`, then go
 * to `run-url` / `edit-url` (`{id}` filled in) / `create-url` when set; a deletion confirmed in the
 * dialog dispatches `docstudio-deleted` (`detail.id`).
 */
import type { WorkflowListProps } from '@docstudio/react';
import type { ComponentType } from 'react';
import { createDocstudioElement, type ElementEventCallback } from '../define';
import {
  baseWorkflowAttributes,
  baseWorkflowEvents,
  useWorkflowElementBase,
  type WorkflowElementProps,
} from './workflow.element.base';
import { followLink } from './workflow.navigation';

interface ListElementProps extends WorkflowElementProps {
  createUrl?: string;
  editUrl?: string;
  runUrl?: string;
  onCreate?: ElementEventCallback;
  onEdit?: ElementEventCallback;
  onRun?: ElementEventCallback;
  onDeleted?: ElementEventCallback;
}

export function createWorkflowListElement(List: ComponentType<WorkflowListProps>): CustomElementConstructor {
  function ListElement(props: ListElementProps) {
    const base = useWorkflowElementBase('workflow-list', props);
    const { host } = props;
    return (
      <List
        {...base}
        onCreate={() => followLink(host, props.onCreate?.() ?? true, props.createUrl)}
        onEdit={(id) => followLink(host, props.onEdit?.({ id }) ?? true, props.editUrl, id)}
        onRun={(id) => followLink(host, props.onRun?.({ id }) ?? true, props.runUrl, id)}
        onDelete={(detail) => props.onDeleted?.(detail)}
      />
    );
  }
  return createDocstudioElement(ListElement, {
    withHost: true,
    attributes: { ...baseWorkflowAttributes, createUrl: 'string', editUrl: 'string', runUrl: 'string' },
    events: {
      ...baseWorkflowEvents,
      onCreate: 'docstudio-create',
      onEdit: 'docstudio-edit',
      onRun: 'docstudio-run',
      onDeleted: 'docstudio-deleted',
    },
  });
}
