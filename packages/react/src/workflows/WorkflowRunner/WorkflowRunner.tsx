import { addRunFiles, type ConversionFile, findToolByEndpoint, validateRunInput } from '@docstudio/core';
import { type FormEvent, useRef, useState } from 'react';
import { downloadAllFiles, downloadFile, primaryButton, subheadingLevel } from '../../primitives';
import { formatMessage } from '../../provider';
import * as shell from '../../shell/ToolShell.css';
import { StoredWorkflowStates } from '../shared/StoredWorkflowStates';
import { type StoredWorkflowStatus, useStoredWorkflow } from '../shared/useStoredWorkflow';
import { useToasts } from '../shared/useToasts';
import { useWorkflowStudio } from '../shared/useWorkflowStudio';
import { WorkflowFrame } from '../shared/WorkflowFrame';
import type { WorkflowBaseProps } from '../shared/workflow.props';
import { type ChosenFile, RunInput } from './RunInput';
import { RunProgress } from './RunProgress';
import { useWorkflowRun } from './useWorkflowRun';

export interface WorkflowRunnerProps extends WorkflowBaseProps {
  /** The stored workflow to run. */
  workflowId: string;
  /** The workflow could not be loaded (deleted, or not the user's): the host goes back to the list. */
  onMissing?: () => void;
  /** A run ended with its result files (also for a run found again that ends while the screen is open). */
  onComplete?: (detail: { files: ConversionFile[] }) => void;
  onError?: (detail: { error: Error }) => void;
  /** How often a server run is asked about, in ms (1000 by default). */
  pollIntervalMs?: number;
}

export type WorkflowRunnerState =
  | 'loading'
  | 'ready'
  | 'running'
  | 'complete'
  | 'failed'
  | 'missing'
  | 'visitor';

const scope = 'workflow-runner';
let fileCounter = 0;

function runnerState(
  status: StoredWorkflowStatus,
  run: 'running' | 'completed' | 'failed' | undefined,
): WorkflowRunnerState {
  if (status === 'idle') return 'loading';
  if (status !== 'loaded') return status;
  if (!run) return 'ready';
  return run === 'running' ? 'running' : run === 'completed' ? 'complete' : 'failed';
}

/**
 * Runs a stored workflow: the upload area (accepted formats of step 1 in upper case; one file
 * replaces the last, multi-file tools append) or a URL when step 1 is web-to-pdf, Run Workflow
 * ('Running Workflow...' while busy), the Workflow Progress card (overall percent, a badge per step,
 * the error list) and Download Result. The run happens on the server; on opening, the screen shows
 * the workflow's last run, and follows it to its end when it still runs.
 */
export function WorkflowRunner(props: WorkflowRunnerProps) {
  const studio = useWorkflowStudio(props);
  const { service, texts, headingLevel, messages, client } = studio;
  const { toasts, push, dismiss } = useToasts();
  const latest = useRef(props);
  latest.current = props;
  const { workflow, status } = useStoredWorkflow(service, props.workflowId, props.signedIn, (error) => {
    push('destructive', texts.loadFailed, error.message);
    latest.current.onMissing?.();
  });
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [url, setUrl] = useState('');

  const { run, start } = useWorkflowRun(workflow, {
    client,
    service,
    pollIntervalMs: props.pollIntervalMs ?? 1000,
    onMessage: (message, kind) => push(kind === 'success' ? 'success' : 'destructive', message),
    onEnd: (result) => {
      if (result.status === 'completed') latest.current.onComplete?.({ files: result.files });
      else latest.current.onError?.({ error: new Error(result.errors.join('\n')) });
    },
  });

  const firstStep = workflow?.steps[0];
  const first = firstStep ? findToolByEndpoint(firstStep.endpoint) : undefined;
  const busy = run?.status === 'running';
  const state = runnerState(status, run?.status);

  const drop = (dropped: File[]) => {
    const current = files.map((entry) => entry.file);
    const outcome = first
      ? addRunFiles(first, current, dropped)
      : { files: dropped.slice(0, 1), message: undefined, error: undefined };
    if (outcome.error) push('failure', outcome.error);
    if (outcome.message) push('success', outcome.message);
    setFiles(
      outcome.files.map(
        (file) => files.find((entry) => entry.file === file) ?? { id: `run-file-${++fileCounter}`, file },
      ),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workflow || busy) return;
    const input = { files: files.map((entry) => entry.file), url: url.trim() };
    const problem = firstStep ? validateRunInput(firstStep.endpoint, input) : null;
    if (problem) return push('failure', problem);
    start(first?.input === 'url' ? { url: input.url } : { files: input.files });
  };

  const download = () => {
    if (!run) return;
    downloadAllFiles(run.files, (file) => downloadFile(file));
    push('success', texts.downloadStarted);
  };

  const inner = subheadingLevel(headingLevel);
  return (
    <WorkflowFrame
      scope={scope}
      state={state}
      heading={workflow?.name || texts.runAction}
      description={
        workflow
          ? formatMessage(texts.runDescription, {
              chain: workflow.steps.map((step) => step.toolName).join(texts.chainSeparator),
            })
          : undefined
      }
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
      {workflow && status === 'loaded' && (
        <div className={shell.layout}>
          <form
            className={shell.card}
            onSubmit={submit}
            noValidate
            aria-label={texts.inputHeading}
            data-scope={scope}
            data-part="input-card"
          >
            <RunInput
              first={first}
              files={files}
              url={url}
              texts={texts}
              messages={messages}
              headingLevel={inner}
              disabled={busy}
              onDrop={drop}
              onRemove={(id) => setFiles((current) => current.filter((entry) => entry.id !== id))}
              onUrl={setUrl}
            />
            <div className={shell.actions}>
              <button
                type="submit"
                className={primaryButton}
                disabled={busy}
                aria-busy={busy || undefined}
                data-scope={scope}
                data-part="run"
              >
                {busy ? texts.running : texts.runAction}
              </button>
              {run?.status === 'completed' && run.files.length > 0 && (
                <button
                  type="button"
                  className={primaryButton}
                  onClick={download}
                  data-scope={scope}
                  data-part="download-result"
                >
                  {texts.downloadResult}
                </button>
              )}
            </div>
          </form>
          {run && run.steps.length > 0 && (
            <RunProgress run={run} showStart={run.resumed} texts={texts} headingLevel={inner} />
          )}
        </div>
      )}
    </WorkflowFrame>
  );
}
