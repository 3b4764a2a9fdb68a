import { isAbortError, type Workflow, type WorkflowService } from '@docstudio/core';
import { useEffect, useRef, useState } from 'react';
import { isSignInError } from './useWorkflowStudio';

export type StoredWorkflowStatus = 'idle' | 'loading' | 'loaded' | 'missing' | 'visitor';

/**
 * Loads a stored workflow by id (edit and run screens). A 401 is a visitor; any other failure is
 * 'missing': `onMissing` is told (the host goes back to the list, as the spec's screens do).
 */
export function useStoredWorkflow(
  service: WorkflowService,
  id: string | undefined,
  signedIn: boolean | undefined,
  onMissing: (error: Error) => void,
) {
  const [workflow, setWorkflow] = useState<Workflow | undefined>(undefined);
  const [status, setStatus] = useState<StoredWorkflowStatus>(
    signedIn === false ? 'visitor' : id ? 'loading' : 'idle',
  );
  const missing = useRef(onMissing);
  missing.current = onMissing;

  useEffect(() => {
    if (signedIn === false) return setStatus('visitor');
    if (!id) return setStatus('idle');
    const controller = new AbortController();
    setStatus('loading');
    service.get(id, controller.signal).then(
      (loaded) => {
        setWorkflow(loaded);
        setStatus('loaded');
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        if (isSignInError(error)) return setStatus('visitor');
        setStatus('missing');
        missing.current(error as Error);
      },
    );
    return () => controller.abort();
  }, [service, id, signedIn]);

  return { workflow, status };
}
