import { DocstudioError } from '../api/conversion.errors';

/** The spec's auth error texts (part 1 section 8). */
export const AUTH_MESSAGES = {
  serviceUnavailable: 'Authentication service unavailable',
  authenticationFailed: 'Unable to authenticate. Please try again.',
  saveFailed: 'Unable to save authentication data',
} as const;

export type AuthErrorKind = keyof typeof AUTH_MESSAGES;

export class AuthError extends DocstudioError {
  readonly kind: AuthErrorKind;
  constructor(kind: AuthErrorKind, options?: { cause?: unknown }) {
    super(AUTH_MESSAGES[kind], options);
    this.name = 'AuthError';
    this.kind = kind;
  }
}
