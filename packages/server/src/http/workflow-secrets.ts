/**
 * Workflow secrets on the wire. Answers never carry a stored secret: in its place the step's
 * Parameters hold the marker `{"Set": true, "Step": <Order it was stored with>}`. A client sends it
 * back unchanged to keep the stored value (the Step number finds it again after steps were reordered
 * or removed; without it the step's own Order is used), a new string replaces it, and a missing or
 * blank value removes it. A marker that points at nothing is a 400 naming the step and parameter.
 */
import { findToolByEndpoint } from '@docstudio/core';
import { invalidParameters } from '../contract/errors';
import type { KeyRing } from '../storage/key-ring';
import { type StoredWorkflowStep, sealSecret } from '../storage/sealed-steps';

export interface SecretMarker {
  Set: true;
  Step: number;
}

export const isSecretMarker = (value: unknown): value is { Set: true; Step?: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (value as Loose).Set === true;

type Loose = Record<string, unknown>;

/** A step as read from a create/update body: clear parameters, new secrets, and markers to keep. */
export interface SentWorkflowStep {
  Order: number;
  Endpoint: string;
  Parameters: Record<string, string>;
  OnError: string;
  /** Secret values typed anew, in clear until sealed. */
  newSecrets: Record<string, string>;
  /** Secrets to keep, by name: the Order of the stored step that holds them. */
  keptSecrets: Record<string, number>;
}

/** What a marker sent for `name` asks to keep: the stored step Order it names, else the step's own. */
export function keptOrderOf(marker: { Step?: unknown }, sentOrder: number): number {
  const step = Number(marker.Step);
  return Number.isInteger(step) && step > 0 ? step : sentOrder;
}

const sameTool = (a: string, b: string): boolean => {
  const toolA = findToolByEndpoint(a);
  return toolA ? toolA.id === findToolByEndpoint(b)?.id : a === b;
};

/**
 * The steps to store: new secrets sealed, kept ones copied (still sealed) from the stored step the
 * marker names, which must be the same tool and hold that parameter.
 */
export function sealSentSteps(
  keys: KeyRing,
  workflowId: string,
  steps: readonly SentWorkflowStep[],
  stored: readonly StoredWorkflowStep[],
): StoredWorkflowStep[] {
  const problems: Record<string, string[]> = {};
  const sealed = steps.map(({ newSecrets, keptSecrets, ...step }) => {
    const secrets: Record<string, string> = {};
    for (const [name, order] of Object.entries(keptSecrets)) {
      const source = stored.find(
        (candidate) => candidate.Order === order && sameTool(candidate.Endpoint, step.Endpoint),
      );
      const kept = source?.Secrets?.[name];
      if (kept) secrets[name] = kept;
      else
        problems[`Steps[${step.Order}].${name}`] = [
          `Step ${step.Order}: there is no stored ${name} to keep; enter it again.`,
        ];
    }
    for (const [name, value] of Object.entries(newSecrets))
      secrets[name] = sealSecret(keys, workflowId, name, value);
    return Object.keys(secrets).length ? { ...step, Secrets: secrets } : step;
  });
  if (Object.keys(problems).length) throw invalidParameters(problems);
  return sealed;
}

export interface WorkflowStepJson {
  Order: number;
  Endpoint: string;
  Parameters: Record<string, string | SecretMarker>;
  OnError: string;
}

/** A stored step as answers show it: every secret replaced by its marker. */
export function maskedStep({ Secrets, ...step }: StoredWorkflowStep): WorkflowStepJson {
  const parameters: Record<string, string | SecretMarker> = { ...step.Parameters };
  for (const name of Object.keys(Secrets ?? {})) parameters[name] = { Set: true, Step: step.Order };
  return { ...step, Parameters: parameters };
}
