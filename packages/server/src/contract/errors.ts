/**
 * Errors in the provider's numbering (DESIGN.md, Contract). Engines, converters and jobs throw a
 * DomainError: a code, a message for the user, and what the code alone does not say (the parameters
 * at fault, when to retry, whether the engine rather than the file failed). The HTTP status is the
 * http layer's choice (http/error-status.ts). Anything thrown that is not a DomainError becomes Code
 * 5001 'Conversion failed' with status 500, never a crash.
 */
import { type ErrorBody, ErrorCode, type ErrorCodeValue } from '@docstudio/core';

export { type ErrorBody, ErrorCode, type ErrorCodeValue };

/** What a DomainError says beyond its code and message; plain data, so it crosses a worker thread. */
export interface DomainErrorDetails {
  /** Per-parameter messages (Code 4000), keyed by the spec's field names. */
  invalidParameters?: Record<string, string[]>;
  /** Seconds the client should wait before trying again (queue full, rate limited). */
  retryAfterSeconds?: number;
  /**
   * The engine failed under the job, not because of the document (a crashed browser): the same
   * request may pass when sent again. Code 5001 then answers 503 instead of 500.
   */
  transient?: boolean;
  /**
   * The limit a failure ran into, where one code covers several: a remote download too large
   * ('size', 413) or too slow ('time', 504); any other download failure is the remote file's (422).
   */
  exceeded?: 'size' | 'time';
}

export class DomainError extends Error {
  readonly code: ErrorCodeValue;
  readonly invalidParameters?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  readonly transient: boolean;
  readonly exceeded?: 'size' | 'time';

  constructor(code: ErrorCodeValue, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.invalidParameters = details.invalidParameters;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.transient = details.transient ?? false;
    this.exceeded = details.exceeded;
  }

  /** The same error with another message (a converter naming which input failed). */
  withMessage(message: string): DomainError {
    return new DomainError(this.code, message, this.details());
  }

  details(): DomainErrorDetails {
    return {
      invalidParameters: this.invalidParameters,
      retryAfterSeconds: this.retryAfterSeconds,
      transient: this.transient,
      exceeded: this.exceeded,
    };
  }

  /** The wire body `{Code, Message, InvalidParameters?}`. */
  toJSON(): ErrorBody {
    return this.invalidParameters
      ? { Code: this.code, Message: this.message, InvalidParameters: this.invalidParameters }
      : { Code: this.code, Message: this.message };
  }
}

export const invalidParameters = (fields: Record<string, string[]>): DomainError =>
  new DomainError(ErrorCode.ParameterValidation, 'Parameter validation error', { invalidParameters: fields });

export const damagedFile = (detail = 'The file is damaged or is not a valid document.'): DomainError =>
  new DomainError(ErrorCode.DamagedFile, detail);

export const passwordProtected = (
  detail = 'The file is password protected. Provide its password to convert it.',
): DomainError => new DomainError(ErrorCode.PasswordProtected, detail);

export const invalidPassword = (detail = 'The password is incorrect.'): DomainError =>
  new DomainError(ErrorCode.InvalidPassword, detail);

export const conversionFailed = (detail = 'Conversion failed.'): DomainError =>
  new DomainError(ErrorCode.ConversionFailed, detail);

/** The engine died under the job (not the document's fault): worth sending again. */
export const engineStopped = (detail: string): DomainError =>
  new DomainError(ErrorCode.ConversionFailed, detail, { transient: true });

export const engineTimeout = (detail = 'The conversion took longer than its time limit.'): DomainError =>
  new DomainError(ErrorCode.Timeout, detail);

export const notReady = (detail: string): DomainError => new DomainError(ErrorCode.NotReady, detail);

export const fileTooLarge = (detail: string): DomainError => new DomainError(ErrorCode.FileTooLarge, detail);

export const invalidUrl = (detail: string): DomainError => new DomainError(ErrorCode.InvalidUrl, detail);

export const remoteDownloadFailed = (
  detail: string,
  exceeded?: DomainErrorDetails['exceeded'],
): DomainError =>
  new DomainError(ErrorCode.RemoteDownloadFailed, `Remote download failed: ${detail}`, { exceeded });
