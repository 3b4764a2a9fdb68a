/**
 * Sign-in and sign-up links (spec part 1 section 2). Query values are written literally as the spec
 * gives them (returnUrl=/a/studio-login, not %2F-encoded). The sign-up link is not shown in the spec:
 * it is `/a/sign-up` with the same ref and returnUrl, so a new user lands signed in on the studio.
 */
import type { AuthConfig, Environment } from './auth.types';
import { defaultAuthConfig } from './environment.config';

const RETURN_URL = '/a/studio-login';

const base = (environment: Environment): string => environment.authBaseUrl.replace(/\/+$/, '');

/** `{authBaseUrl}/a?returnUrl=/a/studio-login&ref=ca-studio` */
export function signInUrl(environment: Environment, config: AuthConfig = defaultAuthConfig): string {
  return `${base(environment)}/a?returnUrl=${RETURN_URL}&ref=${encodeURIComponent(config.referrer)}`;
}

/** `{authBaseUrl}/a?ref=ca-studio` */
export function genericSignInUrl(environment: Environment, config: AuthConfig = defaultAuthConfig): string {
  return `${base(environment)}/a?ref=${encodeURIComponent(config.referrer)}`;
}

/** `{authBaseUrl}/a/sign-up?ref=ca-studio&returnUrl=/a/studio-login` */
export function signUpUrl(environment: Environment, config: AuthConfig = defaultAuthConfig): string {
  return `${base(environment)}/a/sign-up?ref=${encodeURIComponent(config.referrer)}&returnUrl=${RETURN_URL}`;
}
