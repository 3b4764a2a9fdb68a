import { WorkflowService } from '@docstudio/core';
import { useMemo } from 'react';
import { toHeadingLevel } from '../../primitives';
import { useStudio } from '../../provider';
import { defaultWorkflowTexts, type WorkflowTexts } from '../../provider/workflow.texts';
import type { WorkflowBaseProps } from './workflow.props';

/**
 * The provider's configuration with the component's props on top, plus what workflow screens need:
 * a WorkflowService on the same API base, token and transport as the conversion client, and the
 * workflow texts with their overrides.
 */
export function useWorkflowStudio(props: WorkflowBaseProps) {
  const studio = useStudio(props);
  const { token, transport } = studio.config;
  const apiUrl = studio.client.apiUrl;
  const service = useMemo(
    () => new WorkflowService({ apiUrl, token, ...(transport ? { transport } : {}) }),
    [apiUrl, token, transport],
  );
  const overrides = studio.config.messages?.workflows;
  const texts = useMemo<WorkflowTexts>(() => ({ ...defaultWorkflowTexts, ...overrides }), [overrides]);
  const headingLevel = toHeadingLevel(props.headingLevel, 2);
  return { ...studio, service, texts, headingLevel };
}

/** A 401 from a workflow route: the token is a visitor's (or none), so the visitor's view is shown. */
export const isSignInError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
