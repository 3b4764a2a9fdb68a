/**
 * The backend functions generate-jwt and validate-token (spec part 1 section 7), and revoke-token,
 * which this server adds so that logout ends the token on the server too.
 */
import { originRefusal } from '../api/origin-refusal';
import { AuthError } from './auth.errors';
import type { Environment, FetchLike } from './auth.types';
import { functionsBaseUrl } from './environment.config';

export interface FunctionsContext {
  environment: Environment;
  fetch?: FetchLike;
  /** Extra headers every functions call carries (a public client credential, as the spec's host uses). */
  functionHeaders?: Record<string, string>;
}

export interface TokenValidation {
  valid: boolean;
  userData: unknown;
}

function post(
  context: FunctionsContext,
  name: string,
  body: unknown,
  init: { headers?: Record<string, string>; keepalive?: boolean } = {},
): Promise<Response> {
  const fetchImpl = context.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  return fetchImpl(`${functionsBaseUrl(context.environment)}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...context.functionHeaders, ...init.headers },
    body: JSON.stringify(body),
    keepalive: init.keepalive,
  });
}

/**
 * generate-jwt `{environment}` -> `{token}`. An error answer is 'Authentication service unavailable';
 * an unreachable service or an answer without a token is 'Unable to authenticate. Please try again.',
 * unless the service is on another origin that refuses this page's: then the server's refusal (a
 * ConversionError, Code 4030, whose Message names CORS_ORIGINS; api/origin-refusal.ts).
 */
export async function generateJwt(context: FunctionsContext): Promise<string> {
  let response: Response;
  try {
    response = await post(context, 'generate-jwt', { environment: context.environment.name });
  } catch (error) {
    // From a page on another origin, the server may have refused that origin: say so, not "try again".
    const refusal = await originRefusal(
      `${functionsBaseUrl(context.environment)}/generate-jwt`,
      context.fetch,
    );
    throw refusal ?? new AuthError('authenticationFailed', { cause: error });
  }
  if (!response.ok) throw new AuthError('serviceUnavailable');
  const body = (await response.json().catch(() => undefined)) as
    | { token?: unknown; error?: unknown }
    | undefined;
  if (body && body.error !== undefined && body.error !== null) throw new AuthError('serviceUnavailable');
  if (!body || typeof body.token !== 'string' || body.token.trim() === '')
    throw new AuthError('authenticationFailed');
  return body.token;
}

/** validate-token `{token, environment}` -> `{valid, userData}`. Only `valid === true` counts; failures read as invalid. */
export async function validateToken(context: FunctionsContext, token: string): Promise<TokenValidation> {
  try {
    const response = await post(context, 'validate-token', { token, environment: context.environment.name });
    if (!response.ok) return { valid: false, userData: null };
    const body = (await response.json()) as { valid?: unknown; userData?: unknown };
    return { valid: body?.valid === true, userData: body?.userData ?? null };
  } catch {
    return { valid: false, userData: null };
  }
}

/**
 * revoke-token with `Authorization: Bearer <token>`: the server puts the token (and the sign-in
 * session it came from) on its deny list. Resolves true when the server confirmed it; never throws,
 * because signing out must not depend on the server being reachable. `keepalive` lets the request
 * finish while the page navigates away. The token travels only in the header, never in a URL or body.
 */
export async function revokeToken(context: FunctionsContext, token: string): Promise<boolean> {
  try {
    const response = await post(
      context,
      'revoke-token',
      {},
      { headers: { Authorization: `Bearer ${token}` }, keepalive: true },
    );
    await response.body?.cancel().catch(() => undefined);
    return response.ok;
  } catch {
    return false;
  }
}
