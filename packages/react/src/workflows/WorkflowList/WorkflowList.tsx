import { isAbortError, type Workflow } from '@docstudio/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog, primaryButton, secondaryButton } from '../../primitives';
import { formatMessage } from '../../provider';
import { SampleWorkflows } from '../shared/SampleWorkflows';
import { useToasts } from '../shared/useToasts';
import { isSignInError, useWorkflowStudio } from '../shared/useWorkflowStudio';
import { WorkflowFrame } from '../shared/WorkflowFrame';
import * as styles from '../shared/workflow.css';
import type { WorkflowBaseProps } from '../shared/workflow.props';
import { WorkflowTable } from './WorkflowTable';

export interface WorkflowListProps extends WorkflowBaseProps {
  /** 'Create new workflow' and 'Create your first workflow'. */
  onCreate?: () => void;
  onEdit?: (id: string) => void;
  onRun?: (id: string) => void;
  /** After a workflow was deleted on the server. */
  onDelete?: (detail: { id: string }) => void;
}

export type WorkflowListState = 'loading' | 'empty' | 'ready' | 'failed' | 'visitor';

/**
 * The signed-in user's workflows: a table Name / Tools / Actions (the tool names joined by arrows;
 * Run, Edit and Delete, deletion confirmed in a dialog), 'N of N' under it, 'No workflows created yet'
 * when there are none, 'Loading workflows...' while they load. A visitor sees the blurred sample of
 * the four example workflows behind 'Sign In to Access Workflows'.
 */
export function WorkflowList(props: WorkflowListProps) {
  const studio = useWorkflowStudio(props);
  const { service, texts, headingLevel } = studio;
  const { toasts, push, dismiss } = useToasts();
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [state, setState] = useState<WorkflowListState>(props.signedIn === false ? 'visitor' : 'loading');
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (props.signedIn === false) return setState('visitor');
      setState('loading');
      try {
        const list = await service.getAll(signal);
        setWorkflows(list);
        setState(list.length === 0 ? 'empty' : 'ready');
      } catch (error) {
        if (isAbortError(error) || signal?.aborted) return;
        if (isSignInError(error)) return setState('visitor');
        setState('failed');
        push('failure', texts.loadListFailed, (error as Error).message);
      }
    },
    [service, props.signedIn, push, texts.loadListFailed],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await service.delete(target.id);
      const left = workflows.filter((workflow) => workflow.id !== target.id);
      setWorkflows(left);
      setState(left.length === 0 ? 'empty' : 'ready');
      push('success', texts.deleted);
      latest.current.onDelete?.({ id: target.id });
      // The row and its Delete button are gone: focus goes to the list's heading, not to the page's start.
      rootRef.current?.querySelector<HTMLElement>('[data-part="heading"]')?.focus();
    } catch (error) {
      push('destructive', texts.deleteFailed, (error as Error).message);
    }
  };

  const scope = 'workflow-list';
  const signedIn = state !== 'visitor';
  return (
    <WorkflowFrame
      rootRef={rootRef}
      scope={scope}
      state={state}
      heading={texts.listHeading}
      description={texts.listDescription}
      headingLevel={headingLevel}
      studio={studio}
      toasts={toasts}
      onDismiss={dismiss}
      className={props.className}
      headerAction={
        signedIn && (
          <button
            type="button"
            className={primaryButton}
            onClick={() => latest.current.onCreate?.()}
            data-scope={scope}
            data-part="create"
          >
            {texts.createNew}
          </button>
        )
      }
    >
      {state === 'visitor' && (
        <SampleWorkflows
          texts={texts}
          headingLevel={headingLevel}
          onSignIn={props.onSignIn}
          onHome={props.onHome}
        />
      )}
      {state === 'loading' && (
        <p role="status" data-scope={scope} data-part="loading">
          {texts.loadingWorkflows}
        </p>
      )}
      {state === 'failed' && (
        <div className={styles.centered} data-scope={scope} data-part="load-failed">
          <p>{texts.loadListFailed}</p>
          <button type="button" className={secondaryButton} onClick={() => void load()}>
            {texts.retry}
          </button>
        </div>
      )}
      {state === 'empty' && (
        <div className={styles.centered} data-scope={scope} data-part="empty">
          <p>{texts.empty}</p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => latest.current.onCreate?.()}
            data-scope={scope}
            data-part="create-first"
          >
            {texts.createFirst}
          </button>
        </div>
      )}
      {state === 'ready' && (
        <WorkflowTable
          workflows={workflows}
          texts={texts}
          onRun={(id) => latest.current.onRun?.(id)}
          onEdit={(id) => latest.current.onEdit?.(id)}
          onDelete={setDeleting}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteTitle}
        description={formatMessage(texts.deleteDescription, { name: deleting?.name ?? '' })}
        confirmLabel={texts.deleteConfirm}
        cancelLabel={texts.cancel}
        destructive
        scope={scope}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </WorkflowFrame>
  );
}
