/**
 * `<docstudio-workflow-builder>`: creates a workflow, or edits the one named by `workflow-id`. A save
 * dispatches `docstudio-saved` (`detail.workflow`, as stored) and then goes to `list-url` when set;
 * otherwise (or when the event was cancelled) the element stays and edits the saved workflow: it
 * sets its own `workflow-id`, so a second save updates rather than creates. 'Cancel' dispatches
 * `docstudio-cancel`, a workflow that cannot be loaded `docstudio-missing`; both then go to `list-url`.
 */
import type { WorkflowBuilderProps } from '@docstudio/react';
import type { ComponentType } from 'react';
import { createDocstudioElement, type ElementEventCallback } from '../define';
import {
  baseWorkflowAttributes,
  baseWorkflowEvents,
  useWorkflowElementBase,
  type WorkflowElementProps,
} from './workflow.element.base';
import { followLink } from './workflow.navigation';

interface BuilderElementProps extends WorkflowElementProps {
  workflowId?: string;
  listUrl?: string;
  onSaved?: ElementEventCallback;
  onCancel?: ElementEventCallback;
  onMissing?: ElementEventCallback;
}

export function createWorkflowBuilderElement(
  Builder: ComponentType<WorkflowBuilderProps>,
): CustomElementConstructor {
  function BuilderElement(props: BuilderElementProps) {
    const base = useWorkflowElementBase('workflow-builder', props);
    const { host, workflowId, listUrl } = props;
    return (
      <Builder
        {...base}
        {...(workflowId ? { workflowId } : {})}
        onDone={({ workflow }) => {
          if (followLink(host, props.onSaved?.({ workflow }) ?? true, listUrl)) return;
          if (host && host.getAttribute('workflow-id') !== workflow.id)
            host.setAttribute('workflow-id', workflow.id);
        }}
        onCancel={() => followLink(host, props.onCancel?.() ?? true, listUrl)}
        onMissing={() => followLink(host, props.onMissing?.({ id: workflowId }) ?? true, listUrl)}
      />
    );
  }
  return createDocstudioElement(BuilderElement, {
    withHost: true,
    attributes: { ...baseWorkflowAttributes, workflowId: 'string', listUrl: 'string' },
    events: {
      ...baseWorkflowEvents,
      onSaved: 'docstudio-saved',
      onCancel: 'docstudio-cancel',
      onMissing: 'docstudio-missing',
    },
  });
}
