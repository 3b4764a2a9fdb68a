/**
 * Workflow steps as the workflows table keeps them: clear parameters in `Parameters`, the secret ones
 * (the catalogue's password-type options, `secretParameterNames`) sealed in `Secrets` under the
 * 'workflow-secrets' key and bound to the workflow id and the parameter name. Secrets are opened only
 * for a server-side run; answers show a marker instead (http/workflow-secrets.ts).
 */
import { secretParameterNames } from '@docstudio/core';
import type { Kysely } from 'kysely';
import type { Database } from './database.types';
import type { KeyRing } from './key-ring';
import { openCallback, sealCallback, sealedWithPrevious } from './sealed-callback';
import { openText, SealedTextError, sealedKeyId, sealText } from './sealed-text';

export interface StoredWorkflowStep {
  Order: number;
  Endpoint: string;
  /** Every parameter that is not a secret, in clear. */
  Parameters: Record<string, string>;
  OnError: string;
  /** Secret parameters by name, sealed (sealed-text.ts). */
  Secrets?: Record<string, string>;
}

/** A step with its secrets opened: the only shape a run sees. */
export interface OpenedWorkflowStep {
  Order: number;
  Endpoint: string;
  Parameters: Record<string, string>;
  OnError: string;
}

const secretRow = (workflowId: string, name: string): string => `${workflowId}/${name}`;

export const sealSecret = (keys: KeyRing, workflowId: string, name: string, value: string): string =>
  sealText(keys, 'workflow-secrets', secretRow(workflowId, name), value);

export const isSecretParameter = (endpoint: string, name: string): boolean =>
  secretParameterNames(endpoint).includes(name);

export function readStoredSteps(json: string): StoredWorkflowStep[] {
  return JSON.parse(json) as StoredWorkflowStep[];
}

/** The steps with their secrets back among the parameters, for a server-side run only. */
export function openStepSecrets(
  keys: KeyRing,
  workflowId: string,
  steps: readonly StoredWorkflowStep[],
): OpenedWorkflowStep[] {
  return steps.map(({ Secrets, ...step }) => {
    const parameters = { ...step.Parameters };
    for (const [name, sealed] of Object.entries(Secrets ?? {}))
      parameters[name] = openText(keys, 'workflow-secrets', secretRow(workflowId, name), sealed);
    return { ...step, Parameters: parameters };
  });
}

/**
 * Moves secrets still kept in clear among the parameters into sealed `Secrets` (rows written before
 * secrets were sealed). Returns undefined when there was nothing to seal.
 */
export function sealClearSecrets(
  keys: KeyRing,
  workflowId: string,
  steps: readonly StoredWorkflowStep[],
): StoredWorkflowStep[] | undefined {
  let changed = false;
  const sealed = steps.map((step) => {
    const parameters: Record<string, string> = {};
    const secrets: Record<string, string> = { ...step.Secrets };
    for (const [name, value] of Object.entries(step.Parameters ?? {})) {
      if (!isSecretParameter(step.Endpoint, name)) parameters[name] = value;
      else {
        secrets[name] = sealSecret(keys, workflowId, name, value);
        changed = true;
      }
    }
    const { Secrets: _old, ...rest } = step;
    return Object.keys(secrets).length
      ? { ...rest, Parameters: parameters, Secrets: secrets }
      : { ...rest, Parameters: parameters };
  });
  return changed ? sealed : undefined;
}

/** The value sealed again under the current key; left as it was if it does not open (damaged). */
function resealed(keys: KeyRing, workflowId: string, name: string, sealed: string): string {
  try {
    return sealSecret(
      keys,
      workflowId,
      name,
      openText(keys, 'workflow-secrets', secretRow(workflowId, name), sealed),
    );
  } catch (error) {
    if (error instanceof SealedTextError) return sealed;
    throw error;
  }
}

/** The webhook sealed again under the current key; left as it was if it does not open (damaged). */
function resealedCallback(keys: KeyRing, workflowId: string, sealed: string): string {
  try {
    const callback = openCallback(keys, workflowId, sealed);
    return callback ? sealCallback(keys, workflowId, callback) : sealed;
  } catch (error) {
    if (error instanceof SealedTextError) return sealed;
    throw error;
  }
}

/**
 * During a rotation, seals again under the current key every workflow secret (step passwords and the
 * completion webhook) sealed under the previous one: files and job answers expire with the retention,
 * workflows do not, and their secrets must still open once STORAGE_KEY_PREVIOUS is gone. Returns how
 * many workflows changed.
 */
export async function resealWorkflowSecrets(db: Kysely<Database>, keys: KeyRing): Promise<number> {
  const previous = keys.previous?.id;
  if (!previous) return 0;
  const rows = await db.selectFrom('workflows').select(['id', 'steps', 'callback']).execute();
  let changed = 0;
  for (const row of rows) {
    const steps = readStoredSteps(row.steps);
    const stale = steps.some((step) =>
      Object.values(step.Secrets ?? {}).some((sealed) => sealedKeyId(sealed) === previous),
    );
    const staleCallback = sealedWithPrevious(keys, row.callback);
    if (!stale && !staleCallback) continue;
    const updated = steps.map((step) => {
      if (!step.Secrets) return step;
      const secrets: Record<string, string> = {};
      for (const [name, sealed] of Object.entries(step.Secrets))
        secrets[name] = sealedKeyId(sealed) === previous ? resealed(keys, row.id, name, sealed) : sealed;
      return { ...step, Secrets: secrets };
    });
    await db
      .updateTable('workflows')
      .set({
        steps: JSON.stringify(updated),
        callback: staleCallback && row.callback ? resealedCallback(keys, row.id, row.callback) : row.callback,
      })
      .where('id', '=', row.id)
      .execute();
    changed++;
  }
  return changed;
}
