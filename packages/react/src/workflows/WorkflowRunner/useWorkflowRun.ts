import {
  type ConversionClient,
  type ConversionFile,
  findLastRun,
  followRun,
  RunMemory,
  type RunSnapshot,
  runStoredWorkflow,
  type StepRunState,
  type Workflow,
  type WorkflowRunInput,
  type WorkflowRunResult,
  type WorkflowService,
} from '@docstudio/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface RunView {
  status: 'running' | 'completed' | 'failed';
  steps: StepRunState[];
  progress: number;
  errors: string[];
  files: ConversionFile[];
  startedAt?: string;
  /** Found again on opening the screen, rather than started here. */
  resumed: boolean;
}

export interface WorkflowRunDeps {
  client: ConversionClient;
  service: WorkflowService;
  pollIntervalMs: number;
  /** Each run message: 'Step 1: … completed', 'Step 2 failed: …', 'Workflow completed successfully!'. */
  onMessage: (message: string, kind: 'success' | 'error') => void;
  onEnd: (result: WorkflowRunResult) => void;
}

const viewOf = (result: WorkflowRunResult | RunSnapshot, resumed: boolean, startedAt?: string): RunView => ({
  status: result.status === 'completed' ? 'completed' : result.status === 'running' ? 'running' : 'failed',
  steps: result.steps,
  progress: result.progress,
  errors: [...result.errors],
  files: result.files,
  ...(startedAt ? { startedAt } : {}),
  resumed,
});

/**
 * The run of one workflow on the runner screen: on opening, its last run (still running: followed to
 * its end); `start` runs it on the server (or chained in the browser where the server has no run
 * route). Unmounting stops the polling only: a server run goes on and is found again next time.
 */
export function useWorkflowRun(workflow: Workflow | undefined, deps: WorkflowRunDeps) {
  const [run, setRun] = useState<RunView | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(deps);
  latest.current = deps;
  const [memory] = useState(() => new RunMemory());

  const callbacks = useCallback(
    (signal: AbortSignal) => ({
      client: latest.current.client,
      service: latest.current.service,
      memory,
      signal,
      pollIntervalMs: latest.current.pollIntervalMs,
      onStepsChange: (steps: readonly StepRunState[]) =>
        !signal.aborted && setRun((current) => (current ? { ...current, steps: [...steps] } : current)),
      onProgress: (progress: number) =>
        !signal.aborted && setRun((current) => (current ? { ...current, progress } : current)),
      onMessage: (message: string, kind: 'success' | 'error') => {
        if (signal.aborted) return;
        latest.current.onMessage(message, kind);
        if (kind === 'error')
          setRun((current) => (current ? { ...current, errors: [...current.errors, message] } : current));
      },
    }),
    [memory],
  );

  const settle = useCallback((result: WorkflowRunResult, signal: AbortSignal, resumed: boolean) => {
    if (signal.aborted || result.status === 'aborted') return;
    setRun((current) => viewOf(result, resumed, current?.startedAt));
    latest.current.onEnd(result);
  }, []);

  useEffect(() => {
    if (!workflow) return;
    const abort = new AbortController();
    controller.current = abort;
    void findLastRun(workflow, {
      client: latest.current.client,
      service: latest.current.service,
      memory,
      signal: abort.signal,
    }).then((last) => {
      if (!last || abort.signal.aborted) return;
      setRun(viewOf(last, true, last.startedAt));
      if (last.status === 'running')
        void followRun(workflow, last, callbacks(abort.signal)).then((result) =>
          settle(result, abort.signal, true),
        );
    });
    return () => abort.abort();
  }, [workflow, memory, callbacks, settle]);

  // Leaving the screen stops the polling (the server run goes on).
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (input: WorkflowRunInput) => {
      if (!workflow) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setRun({
        status: 'running',
        steps: [],
        progress: 0,
        errors: [],
        files: [],
        startedAt: new Date().toISOString(),
        resumed: false,
      });
      void runStoredWorkflow(workflow, input, callbacks(abort.signal)).then((result) =>
        settle(result, abort.signal, false),
      );
    },
    [workflow, callbacks, settle],
  );

  return { run, start };
}
