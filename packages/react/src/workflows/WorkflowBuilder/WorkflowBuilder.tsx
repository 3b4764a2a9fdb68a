import {
  validateWorkflowBasics,
  validateWorkflowDraft,
  WORKFLOW_MESSAGES,
  type Workflow,
  type WorkflowStep,
  workflowJsonPreview,
} from '@docstudio/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { subheadingLevel } from '../../primitives';
import * as shell from '../../shell/ToolShell.css';
import { useOcrLanguages } from '../../tools/PdfOcr/useOcrLanguages';
import { StoredWorkflowStates } from '../shared/StoredWorkflowStates';
import { type StoredWorkflowStatus, useStoredWorkflow } from '../shared/useStoredWorkflow';
import { useToasts } from '../shared/useToasts';
import { isSignInError, useWorkflowStudio } from '../shared/useWorkflowStudio';
import { WorkflowFrame } from '../shared/WorkflowFrame';
import type { WorkflowBaseProps } from '../shared/workflow.props';
import { NameField } from './NameField';
import { SaveBar } from './SaveBar';
import { StepList } from './StepList';
import { StepPicker } from './StepPicker';
import { WorkflowJson } from './WorkflowJson';

export interface WorkflowBuilderProps extends WorkflowBaseProps {
  /** Edit this stored workflow; left out, the builder creates a new one. */
  workflowId?: string;
  /**
   * After a successful save, with the workflow as stored (a host usually goes back to the list).
   * Without it, a created workflow stays on screen, now edited (a second save updates it).
   */
  onDone?: (detail: { workflow: Workflow }) => void;
  /** 'Cancel'. */
  onCancel?: () => void;
  /** The workflow to edit could not be loaded (deleted, or not the user's): the host goes back to the list. */
  onMissing?: () => void;
}

export type WorkflowBuilderState = 'loading' | 'editing' | 'saving' | 'missing' | 'visitor';

const scope = 'workflow-builder';

function builderState(
  loaded: StoredWorkflowStatus,
  signedOut: boolean,
  saving: boolean,
): WorkflowBuilderState {
  if (loaded === 'visitor' || signedOut) return 'visitor';
  if (loaded === 'loading' || loaded === 'missing') return loaded;
  return saving ? 'saving' : 'editing';
}

/**
 * Create or edit a workflow: its name, 'Add Step' (tools offered by format compatibility, their
 * parameters from the catalogue), the ordered steps with Remove, the JSON view with Copy, and Cancel /
 * Create Workflow (or Update Workflow, disabled while loading or without a name or a step).
 * A failed save says 'Failed to save workflow' and keeps the form as it is.
 */
export function WorkflowBuilder(props: WorkflowBuilderProps) {
  const studio = useWorkflowStudio(props);
  const ocrLanguages = useOcrLanguages(studio.client);
  const { service, texts, headingLevel, messages } = studio;
  const { toasts, push, dismiss } = useToasts();
  const [savedId, setSavedId] = useState<string | undefined>(undefined);
  const editId = props.workflowId ?? savedId;
  const [saving, setSaving] = useState(false);
  // A 401 on save: the token is a visitor's after all.
  const [signedOut, setSignedOut] = useState(false);
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<WorkflowStep[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const latest = useRef(props);
  latest.current = props;

  const loaded = useStoredWorkflow(service, props.workflowId, props.signedIn, (error) => {
    push('destructive', texts.loadFailed, error.message);
    latest.current.onMissing?.();
  });
  // The form starts from the stored workflow once it has loaded.
  useEffect(() => {
    if (!loaded.workflow) return;
    setName(loaded.workflow.name);
    setSteps(loaded.workflow.steps);
  }, [loaded.workflow]);
  const state = builderState(loaded.status, signedOut, saving);

  const draft = { name, steps };
  const editing = editId !== undefined;
  const busy = state === 'saving' || state === 'loading';
  const blocked = editing && validateWorkflowBasics(draft).length > 0;

  const change = (next: () => void) => {
    next();
    setErrors([]);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = validateWorkflowDraft(draft);
    setErrors(problems);
    if (problems.length > 0) return push('failure', texts.validationError, problems[0]);
    setSaving(true);
    try {
      const workflow = editId ? await service.update(editId, draft) : await service.create(draft);
      push('success', editId ? texts.updated : texts.created);
      setSaving(false);
      if (latest.current.onDone) latest.current.onDone({ workflow });
      else {
        setSavedId(workflow.id);
        setSteps(workflow.steps);
      }
    } catch (error) {
      setSaving(false);
      if (isSignInError(error)) return setSignedOut(true);
      push('destructive', editId ? texts.updateFailed : texts.saveFailed, (error as Error).message);
    }
  };

  const heading = editing ? texts.editHeading : texts.createHeading;
  const inner = subheadingLevel(headingLevel);
  return (
    <WorkflowFrame
      scope={scope}
      state={state}
      heading={heading}
      description={state === 'visitor' ? undefined : texts.builderDescription}
      headingLevel={headingLevel}
      studio={studio}
      toasts={toasts}
      onDismiss={dismiss}
      className={props.className}
    >
      <StoredWorkflowStates
        state={state}
        texts={texts}
        scope={scope}
        headingLevel={inner}
        onSignIn={props.onSignIn}
        onHome={props.onHome}
      />
      {(state === 'editing' || state === 'saving') && (
        <form onSubmit={save} noValidate aria-label={heading} data-scope={scope} data-part="form">
          <div className={shell.layout}>
            <div className={shell.card}>
              <NameField
                value={name}
                texts={texts}
                invalid={errors.includes(WORKFLOW_MESSAGES.nameRequired)}
                disabled={busy}
                onChange={(next) => change(() => setName(next))}
              />
              <StepPicker
                steps={steps}
                ocrLanguages={ocrLanguages}
                texts={texts}
                messages={messages}
                headingLevel={inner}
                disabled={busy}
                onError={(message) => push('failure', message)}
                onAdd={(step) => {
                  change(() => setSteps((current) => [...current, step]));
                  push('success', texts.stepAdded);
                }}
              />
            </div>
            <div className={shell.fields}>
              <StepList
                steps={steps}
                texts={texts}
                headingLevel={inner}
                disabled={busy}
                onRemove={(index) => {
                  change(() => setSteps((current) => current.filter((_step, i) => i !== index)));
                  push('success', texts.stepRemoved);
                }}
              />
              <WorkflowJson
                json={workflowJsonPreview(draft)}
                texts={texts}
                headingLevel={inner}
                onCopied={(ok) => (ok ? push('success', texts.copied) : push('failure', texts.copyFailed))}
              />
            </div>
          </div>
          <SaveBar
            errors={errors}
            texts={texts}
            editing={editing}
            saving={state === 'saving'}
            disabled={busy || blocked}
            onCancel={() => latest.current.onCancel?.()}
          />
        </form>
      )}
    </WorkflowFrame>
  );
}
