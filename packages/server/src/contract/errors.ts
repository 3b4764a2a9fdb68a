/**
 * Errors in the provider's numbering (DESIGN.md, Contract). Anything a converter or engine throws
 * that is not an ApiError becomes Code 5001 'Conversion failed' with status 500, never a crash.
 */

export const ErrorCode = {
  ParameterValidation: 4000,
  CredentialsMissing: 4010,
  CredentialsInvalid: 4011,
  CredentialsExpired: 4012,
  /** A signed-out token (on the deny list): within the contract's 4010-4015 credentials range. */
  CredentialsRevoked: 4013,
  Timeout: 5000,
  ConversionFailed: 5001,
  DamagedFile: 5002,
  PasswordProtected: 5003,
  InvalidUrl: 5005,
  InvalidPassword: 5006,
  RemoteDownloadFailed: 5007,
  InvalidFileId: 5009,
  // Codes of this server for conditions the provider's list does not name.
  OriginNotAllowed: 4030,
  UnknownConverter: 4040,
  FileTooLarge: 4130,
  UnsupportedFileType: 4150,
  QueueFull: 4290,
  RateLimited: 4291,
  NotReady: 5030,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeValue,
    message: string,
    readonly invalidParameters?: Record<string, string[]>,
    /** Extra headers for the answer (Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): { Code: number; Message: string; InvalidParameters?: Record<string, string[]> } {
    return this.invalidParameters
      ? { Code: this.code, Message: this.message, InvalidParameters: this.invalidParameters }
      : { Code: this.code, Message: this.message };
  }
}

export const invalidParameters = (fields: Record<string, string[]>): ApiError =>
  new ApiError(400, ErrorCode.ParameterValidation, 'Parameter validation error', fields);

export const damagedFile = (detail = 'The file is damaged or is not a valid document.'): ApiError =>
  new ApiError(422, ErrorCode.DamagedFile, detail);

export const passwordProtected = (
  detail = 'The file is password protected. Provide its password to convert it.',
): ApiError => new ApiError(422, ErrorCode.PasswordProtected, detail);

export const invalidPassword = (detail = 'The password is incorrect.'): ApiError =>
  new ApiError(422, ErrorCode.InvalidPassword, detail);

export const conversionFailed = (detail = 'Conversion failed.'): ApiError =>
  new ApiError(500, ErrorCode.ConversionFailed, detail);

export const engineTimeout = (detail = 'The conversion took longer than its time limit.'): ApiError =>
  new ApiError(504, ErrorCode.Timeout, detail);
