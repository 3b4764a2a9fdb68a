/**
 * A workflow's completion webhook as the workflows table keeps it: `{Url, Secret}` sealed together in
 * `workflows.callback` under the 'workflow-secrets' key, bound to the workflow id. The secret signs
 * every delivery and is never answered; the Url is sealed too, since webhook Urls often carry a
 * credential of their own in the path or query (chat and automation hooks).
 */
import type { KeyRing } from './key-ring';
import { openText, sealedKeyId, sealText } from './sealed-text';

export interface WorkflowCallback {
  Url: string;
  /** The HMAC key of the X-Docstudio-Signature header. */
  Secret: string;
}

const callbackRow = (workflowId: string): string => `${workflowId}/callback`;

export const sealCallback = (keys: KeyRing, workflowId: string, callback: WorkflowCallback): string =>
  sealText(keys, 'workflow-secrets', callbackRow(workflowId), JSON.stringify(callback));

/** The stored webhook, or undefined when there is none; throws SealedTextError when it cannot be opened. */
export function openCallback(
  keys: KeyRing,
  workflowId: string,
  sealed: string | null | undefined,
): WorkflowCallback | undefined {
  if (!sealed) return undefined;
  const value = JSON.parse(openText(keys, 'workflow-secrets', callbackRow(workflowId), sealed)) as unknown;
  const { Url, Secret } = (value ?? {}) as Partial<WorkflowCallback>;
  return typeof Url === 'string' && typeof Secret === 'string' ? { Url, Secret } : undefined;
}

/** True when a rotation must seal this value again: the previous key sealed it. */
export const sealedWithPrevious = (keys: KeyRing, sealed: string | null | undefined): boolean =>
  !!sealed && !!keys.previous && sealedKeyId(sealed) === keys.previous.id;
