/**
 * What the three workflow elements share: the common attributes (api-url, token, environment,
 * heading-level; theme stays on the host), the visitor's Sign In / Back to Home, and
 * `docstudio-change`. Props arrive from the element bridge: attributes in camelCase, callbacks that
 * dispatch the element's DOM events and return false when a listener cancelled them.
 */
import type { EnvironmentName, TokenSource } from '@docstudio/core';
import { type HeadingLevel, toHeadingLevel } from '@docstudio/react';
import { useMemo } from 'react';
import { anonymousTokenSource, type ElementAttributes, type ElementEventCallback } from '../define';
import { useStateEvents } from './useStateEvents';
import { followLink } from './workflow.navigation';

export interface WorkflowElementProps extends ElementAttributes {
  host?: HTMLElement;
  headingLevel?: number;
  /** `sign-in-url` and `home-url`: where the visitor's buttons go (after their events). */
  signInUrl?: string;
  homeUrl?: string;
  onChange?: (detail: unknown) => void;
  onSignIn?: ElementEventCallback;
  onHome?: ElementEventCallback;
}

export interface WorkflowElementBase {
  apiUrl: string;
  token: TokenSource;
  environment: EnvironmentName;
  headingLevel: HeadingLevel;
  onSignIn: () => void;
  onHome: () => void;
}

export function useWorkflowElementBase(
  scope: 'workflow-list' | 'workflow-builder' | 'workflow-runner',
  props: WorkflowElementProps,
): WorkflowElementBase {
  const { host, apiUrl, token, environment, headingLevel, signInUrl, homeUrl } = props;
  const base = apiUrl || '/api';
  const environmentName: EnvironmentName = environment === 'staging' ? 'staging' : 'production';
  // Without a token attribute: the user signed in on this origin, else an anonymous token (which
  // the server answers with 401 on workflow routes, so the visitor's view shows).
  const tokenSource = useMemo(
    () => (token ? token : anonymousTokenSource(base, environmentName)),
    [token, base, environmentName],
  );
  useStateEvents(host, scope, props.onChange);
  return {
    apiUrl: base,
    token: tokenSource,
    environment: environmentName,
    headingLevel: toHeadingLevel(headingLevel, 2),
    onSignIn: () => followLink(host, props.onSignIn?.() ?? true, signInUrl),
    onHome: () => followLink(host, props.onHome?.() ?? true, homeUrl),
  };
}

/** The bridge's attribute kinds of the common workflow attributes. */
export const baseWorkflowAttributes = {
  headingLevel: 'number',
  signInUrl: 'string',
  homeUrl: 'string',
} as const;

/** The visitor's events, on every workflow element. */
export const baseWorkflowEvents = {
  onSignIn: 'docstudio-sign-in',
  onHome: 'docstudio-home',
} as const;
