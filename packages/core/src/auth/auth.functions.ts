/** The backend functions generate-jwt and validate-token (spec part 1 section 7). */
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

function post(context: FunctionsContext, name: string, body: unknown): Promise<Response> {
  const fetchImpl = context.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  return fetchImpl(`${functionsBaseUrl(context.environment)}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...context.functionHeaders },
    body: JSON.stringify(body),
  });
}

/**
 * generate-jwt `{environment}` -> `{token}`. An error answer is 'Authentication service unavailable';
 * an unreachable service or an answer without a token is 'Unable to authenticate. Please try again.'.
 */
export async function generateJwt(context: FunctionsContext): Promise<string> {
  let response: Response;
  try {
    response = await post(context, 'generate-jwt', { environment: context.environment.name });
  } catch (error) {
    throw new AuthError('authenticationFailed', { cause: error });
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
