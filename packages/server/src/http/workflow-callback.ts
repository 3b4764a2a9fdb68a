/**
 * A workflow's completion webhook on the wire: `CallbackUrl` and the write-only `CallbackSecret` of
 * create/update bodies (camelCase too). The Url must be http(s) and pass the SSRF guard now (private
 * and loopback addresses answer 400 naming CallbackUrl); it is checked again at each delivery.
 * The secret is never answered: answers carry the marker `{"Set": true}` in its place, except once,
 * in clear, when the server generated it (no secret given). On update, a body without CallbackUrl
 * leaves the webhook as stored (clients that do not know the field keep it); `null` or "" removes it.
 * The secret: the marker keeps the stored one, a string (16-256 characters) replaces it, `null` or ""
 * asks for a new generated one, absent keeps the stored one (or generates one when there is none).
 */
import { randomBytes } from 'node:crypto';
import { urlPolicyOf } from '../jobs/run-conversion';
import { resolvePublicUrl, SsrfBlockedError } from '../security/ssrf';
import type { KeyRing } from '../storage/key-ring';
import { openCallback, type WorkflowCallback } from '../storage/sealed-callback';
import { SealedTextError } from '../storage/sealed-text';
import type { ServerContext } from './server-context';
import { isSecretMarker } from './workflow-secrets';

/** What a body asks of the webhook. */
export type CallbackChange =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'set'; callback: WorkflowCallback; generatedSecret?: string };

/** How answers show a webhook: the Url, and the secret as a marker (or, once, as generated). */
export interface CallbackJson {
  CallbackUrl?: string;
  CallbackSecret?: { Set: true } | string;
}

const MAX_URL_LENGTH = 2048;
const SECRET_LENGTH = { min: 16, max: 256 };

type Loose = Record<string, unknown>;
const has = (source: Loose, ...names: string[]): boolean => names.some((name) => name in source);
const pick = (source: Loose, ...names: string[]): unknown =>
  names.map((name) => source[name]).find((value) => value !== undefined);

/** A new secret: 256 random bits, prefixed so it is recognisable in a receiver's settings. */
const generateSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The stored webhook, or undefined when there is none or it can no longer be opened (key rotated out). */
export function storedCallback(
  keys: KeyRing,
  workflowId: string,
  sealed: string | null,
): WorkflowCallback | undefined {
  try {
    return openCallback(keys, workflowId, sealed);
  } catch (error) {
    if (error instanceof SealedTextError) return undefined;
    throw error;
  }
}

/** Checks a CallbackUrl as sent; the problem text when it is refused. */
async function urlProblem(context: ServerContext, url: string): Promise<string | undefined> {
  if (url.length > MAX_URL_LENGTH) return `The callback URL must be at most ${MAX_URL_LENGTH} characters.`;
  try {
    await resolvePublicUrl(url, urlPolicyOf(context.config));
    return undefined;
  } catch (error) {
    if (error instanceof SsrfBlockedError) return `The callback URL is refused: ${error.message}`;
    throw error;
  }
}

function secretOf(
  source: Loose,
  stored: WorkflowCallback | undefined,
  problems: Record<string, string[]>,
): { secret?: string; generated?: string } {
  const sent = pick(source, 'CallbackSecret', 'callbackSecret');
  const given = has(source, 'CallbackSecret', 'callbackSecret');
  if (given && isSecretMarker(sent)) {
    if (stored) return { secret: stored.Secret };
    problems.CallbackSecret = [
      'There is no stored CallbackSecret to keep; enter one, or leave it out to get a new one.',
    ];
    return {};
  }
  if (typeof sent === 'string' && sent.trim() !== '') {
    const secret = sent.trim();
    if (secret.length < SECRET_LENGTH.min || secret.length > SECRET_LENGTH.max) {
      problems.CallbackSecret = [
        `CallbackSecret must be ${SECRET_LENGTH.min} to ${SECRET_LENGTH.max} characters long.`,
      ];
      return {};
    }
    return { secret };
  }
  if (sent !== undefined && sent !== null && sent !== '') {
    problems.CallbackSecret = ['CallbackSecret must be a string.'];
    return {};
  }
  // Absent: the stored one stays. null or "": a new one (a rotation).
  if (!given && stored) return { secret: stored.Secret };
  const generated = generateSecret();
  return { secret: generated, generated };
}

/**
 * The webhook a create (`stored` undefined, `updating` false) or update body asks for, and the
 * problems found (keyed CallbackUrl / CallbackSecret, merged into the body's other 400 problems).
 */
export async function readCallbackFields(
  context: ServerContext,
  body: unknown,
  stored: WorkflowCallback | undefined,
  updating: boolean,
): Promise<{ change: CallbackChange; problems: Record<string, string[]> }> {
  const source = (body && typeof body === 'object' ? body : {}) as Loose;
  const problems: Record<string, string[]> = {};
  const urlGiven = has(source, 'CallbackUrl', 'callbackUrl');
  const secretGiven = has(source, 'CallbackSecret', 'callbackSecret');
  if (!urlGiven && (!updating || !stored || !secretGiven))
    return { change: { kind: updating ? 'keep' : 'remove' }, problems };
  const sentUrl = urlGiven ? pick(source, 'CallbackUrl', 'callbackUrl') : stored?.Url;
  if (sentUrl === null || sentUrl === undefined || (typeof sentUrl === 'string' && sentUrl.trim() === ''))
    return { change: { kind: 'remove' }, problems };
  if (typeof sentUrl !== 'string') {
    problems.CallbackUrl = ['CallbackUrl must be an http or https URL.'];
    return { change: { kind: 'keep' }, problems };
  }
  const url = sentUrl.trim();
  const refused = await urlProblem(context, url);
  if (refused) problems.CallbackUrl = [refused];
  const { secret, generated } = secretOf(source, stored, problems);
  if (!secret || Object.keys(problems).length) return { change: { kind: 'keep' }, problems };
  return {
    change: {
      kind: 'set',
      callback: { Url: url, Secret: secret },
      ...(generated ? { generatedSecret: generated } : {}),
    },
    problems,
  };
}

/** The answer's webhook fields: none, or the Url with the secret masked (or, once, as generated). */
export function callbackJson(callback: WorkflowCallback | undefined, generatedSecret?: string): CallbackJson {
  if (!callback) return {};
  return { CallbackUrl: callback.Url, CallbackSecret: generatedSecret ?? { Set: true } };
}
