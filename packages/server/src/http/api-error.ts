/**
 * An error the http layer answers with a status of its own choosing (401 for a missing token, 408 for
 * a slow body, 400 for remote fetching turned off), where the code's usual status (error-status.ts)
 * does not fit. Lower layers never throw it: they throw DomainError and let error-status.ts decide.
 */
import { DomainError, type DomainErrorDetails, type ErrorCodeValue } from '../contract/errors';

export class ApiError extends DomainError {
  constructor(
    readonly status: number,
    code: ErrorCodeValue,
    message: string,
    invalidParameters?: Record<string, string[]>,
    /** Extra headers for the answer (Retry-After on 429). */
    readonly headers?: Record<string, string>,
    details: Omit<DomainErrorDetails, 'invalidParameters'> = {},
  ) {
    super(code, message, { ...details, invalidParameters });
    this.name = 'ApiError';
  }
}
