/**
 * Pieces every route schema uses to describe its answers and who may call it. Response schemas are
 * documentation only: the handlers build their answers (install-openapi.ts keeps them unfiltered).
 */
import { type ComponentName, componentRef } from './components';

type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** A bearer token (Authorization header) is required. */
export const bearer: SecurityRequirement[] = [{ bearer: [] }];
/** A token is optional, but one that is sent must be valid. */
export const optionalBearer: SecurityRequirement[] = [{}, { bearer: [] }];
/** No token. */
export const noToken: SecurityRequirement[] = [];

export const jsonResponse = (description: string, schema: object) => ({
  description,
  content: { 'application/json': { schema } },
});

export const shapeResponse = (description: string, name: ComponentName) =>
  jsonResponse(description, componentRef(name));

const retryAfter = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
};

/** The usual meaning of each error status across the API; a route may word its own. */
const ERROR_MEANINGS = {
  400: 'Invalid parameters (Code 4000 with InvalidParameters) or a bad request',
  401: 'No token, or an invalid, expired or revoked one (Codes 4010-4013)',
  404: 'Unknown, expired, or not yours',
  408: 'The request body arrived too slowly',
  413: 'File or body too large (Code 4130)',
  415: 'Unsupported file type (Code 4150)',
  422: 'Damaged or password-protected file, or a remote file that could not be fetched',
  429: 'Over the rate limit or the queue is full (Codes 4290, 4291; see Retry-After)',
  500: 'Conversion failed (Code 5001)',
  503: 'The engine stopped under the job, or the server is shutting down: send it again',
  504: 'Conversion timed out (Code 5000)',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** One error answer in the contract's `{Code, Message, InvalidParameters?}`. */
export function errorResponse(status: ErrorStatus, description: string = ERROR_MEANINGS[status]) {
  return {
    ...shapeResponse(description, 'Error'),
    ...(status === 429 ? { headers: retryAfter } : {}),
  };
}

/** The error answers of `statuses`, each with its usual meaning. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, ReturnType<typeof errorResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)]));
}
