/**
 * `<docstudio-workflow-runner workflow-id="…">`: runs one stored workflow on the server, as a tool
 * converts: `docstudio-complete` (`detail.files`, the last step's results) when a run ends well,
 * `docstudio-error` (`detail.error`) when it fails. The run survives the page: opened again, the
 * element shows the workflow's last run and follows it. A workflow that cannot be loaded dispatches
 * `docstudio-missing` and goes to `list-url` when set.
 */
import type { WorkflowRunnerProps } from '@docstudio/react';
import type { ComponentType } from 'react';
import { createDocstudioElement, type ElementCallbacks, type ElementEventCallback } from '../define';
import {
  baseWorkflowAttributes,
  baseWorkflowEvents,
  useWorkflowElementBase,
  type WorkflowElementProps,
} from './workflow.element.base';
import { followLink } from './workflow.navigation';

interface RunnerElementProps extends WorkflowElementProps, Omit<ElementCallbacks, 'onChange'> {
  workflowId?: string;
  listUrl?: string;
  onMissing?: ElementEventCallback;
}

export function createWorkflowRunnerElement(
  Runner: ComponentType<WorkflowRunnerProps>,
): CustomElementConstructor {
  function RunnerElement(props: RunnerElementProps) {
    const base = useWorkflowElementBase('workflow-runner', props);
    const { host, workflowId = '', listUrl } = props;
    return (
      <Runner
        {...base}
        workflowId={workflowId}
        onComplete={props.onComplete}
        onError={props.onError}
        onMissing={() => followLink(host, props.onMissing?.({ id: workflowId }) ?? true, listUrl)}
      />
    );
  }
  return createDocstudioElement(RunnerElement, {
    withHost: true,
    attributes: { ...baseWorkflowAttributes, workflowId: 'string', listUrl: 'string' },
    events: { ...baseWorkflowEvents, onMissing: 'docstudio-missing' },
  });
}
