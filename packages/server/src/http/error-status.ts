/**
 * The HTTP status of each error code, chosen here and nowhere else: lower layers throw DomainError
 * with a code and the details that tell a code's statuses apart (an engine that stopped, a download
 * over its size or time limit). Adding a code to the contract without a status here fails to compile.
 */
import { type DomainError, ErrorCode, type ErrorCodeValue } from '../contract/errors';
import { ApiError } from './api-error';

type StatusRule = number | ((error: DomainError) => number);

const STATUS_OF_CODE: Record<ErrorCodeValue, StatusRule> = {
  [ErrorCode.ParameterValidation]: 400,
  [ErrorCode.CredentialsMissing]: 401,
  [ErrorCode.CredentialsInvalid]: 401,
  [ErrorCode.CredentialsExpired]: 401,
  [ErrorCode.CredentialsRevoked]: 401,
  [ErrorCode.OriginNotAllowed]: 403,
  [ErrorCode.UnknownConverter]: 404,
  [ErrorCode.InvalidFileId]: 404,
  [ErrorCode.FileTooLarge]: 413,
  [ErrorCode.UnsupportedFileType]: 415,
  [ErrorCode.QueueFull]: 429,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Timeout]: 504,
  // An engine that died under the job is the server's passing trouble (503, try again), not a bug (500).
  [ErrorCode.ConversionFailed]: (error) => (error.transient ? 503 : 500),
  [ErrorCode.DamagedFile]: 422,
  [ErrorCode.PasswordProtected]: 422,
  [ErrorCode.InvalidPassword]: 422,
  [ErrorCode.InvalidUrl]: 400,
  [ErrorCode.RemoteDownloadFailed]: (error) =>
    error.exceeded === 'size' ? 413 : error.exceeded === 'time' ? 504 : 422,
  [ErrorCode.NotReady]: 503,
};

/** The status to answer `error` with: the http layer's own choice for an ApiError, else its code's. */
export function statusOf(error: DomainError): number {
  if (error instanceof ApiError) return error.status;
  const rule = STATUS_OF_CODE[error.code];
  return typeof rule === 'number' ? rule : rule(error);
}

/** Headers the answer to `error` carries (Retry-After). */
export function headersOf(error: DomainError): Record<string, string> | undefined {
  const own = error instanceof ApiError ? error.headers : undefined;
  if (error.retryAfterSeconds === undefined) return own;
  return { 'Retry-After': String(error.retryAfterSeconds), ...own };
}
