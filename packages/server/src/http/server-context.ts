/** Everything a route needs, made once per server by createServer(). */
import { findToolByEndpoint } from '@docstudio/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type ApiKeyService, isApiKey } from '../auth/api-keys';
import type { TokenService, TokenUser } from '../auth/tokens';
import type { UserService } from '../auth/users';
import type { ServerConfig } from '../config/config';
import { ErrorCode } from '../contract/errors';
import type { Converter } from '../converters/converter.types';
import type { CallbackDeliveries } from '../jobs/callback-delivery';
import type { Conversions } from '../jobs/conversions';
import type { JobDeps } from '../jobs/job-lifecycle';
import type { JobQueue } from '../jobs/job-queue';
import type { JobRecords } from '../jobs/job-records';
import type { ResultsSoFar } from '../jobs/results-so-far';
import type { ConversionDeps } from '../jobs/run-conversion';
import type { WorkflowRunJobDeps } from '../jobs/workflow-run-job';
import type { RunLeases } from '../jobs/workflow-run-leases';
import type { WorkflowRunRecords } from '../jobs/workflow-runs';
import type { Database } from '../storage/database.types';
import type { FileStore } from '../storage/file-store';
import type { KeyRing } from '../storage/key-ring';
import { ApiError } from './api-error';
import { toErrorAnswer } from './error-answer';
import type { MetricsRegistry } from './metrics';
import type { RateLimits } from './rate-limit';

export interface ServerContext {
  config: ServerConfig;
  db: Kysely<Database>;
  /** The storage keys: file contents, sealed names, job answers, workflow secrets, download links. */
  keys: KeyRing;
  store: FileStore;
  tokens: TokenService;
  /** Long-lived API keys (auth/api-keys.ts): accepted wherever a signed-in token is. */
  apiKeys: ApiKeyService;
  users: UserService;
  /** This process's engine slots (a worker's, or the single machine's). */
  queue: JobQueue;
  /** Where conversions run: this process's queue, or a worker through Redis (jobs/conversions.ts). */
  conversions: Conversions;
  jobs: JobRecords;
  /** Results of running Async conversions stored ahead of the others (GET /job lists them). */
  resultsSoFar: ResultsSoFar;
  /** The workflow run history (GET workflows/runs). */
  runs: WorkflowRunRecords;
  /** Completion webhooks still being sent (drained on close). */
  callbacks: CallbackDeliveries;
  /** This node's leases on the workflow runs it coordinates (jobs/workflow-run-leases.ts). */
  leases: RunLeases;
  metrics: MetricsRegistry;
  limits: RateLimits;
  converters: readonly Converter[];
  /** Jobs started with Async=true that are still running (awaited on close). */
  background: Set<Promise<unknown>>;
}

/** The bearer's user: an API key (dsk_…) acts as its owner, anything else must be one of our tokens. */
function verifyBearer(context: ServerContext, header: string | undefined): Promise<TokenUser> {
  const key = header ? /^Bearer\s+(dsk_\S+)\s*$/i.exec(header)?.[1] : undefined;
  return key && isApiKey(key) ? context.apiKeys.verify(key) : context.tokens.verifyBearer(header);
}

/**
 * The bearer token's (or API key's) user. A token that fails (invalid, forged, expired, revoked) is
 * charged to the client's address; an address past INVALID_TOKENS_PER_MINUTE gets 429 before its
 * tokens are checked.
 */
export async function requireUser(context: ServerContext, request: FastifyRequest): Promise<TokenUser> {
  await context.limits.checkBadTokens(request);
  try {
    return await verifyBearer(context, request.headers.authorization);
  } catch (error) {
    if (request.headers.authorization !== undefined) await context.limits.chargeBadToken(request);
    throw error;
  }
}

/**
 * The bearer token's user, who must have an account: an anonymous token (functions/generate-jwt) is
 * refused with 401 Code 4010, the code of "no credentials" (the token is valid, it just names no
 * account), and a Message saying why. Workflows are for signed-in users only (the spec's roles).
 */
export async function requireAccount(context: ServerContext, request: FastifyRequest): Promise<TokenUser> {
  const user = await requireUser(context, request);
  if (user.anonymous)
    throw new ApiError(
      401,
      ErrorCode.CredentialsMissing,
      "Sign in required: workflows need a signed-in account. An anonymous token cannot list, create, edit, run or delete workflows; sign in and send your account's access token (Authorization: Bearer).",
    );
  return user;
}

/**
 * A signed-in user's own token (from the sign-in site), not an API key: managing keys, the password
 * and the account itself. A key cannot make more keys or delete the account it belongs to, so a
 * leaked key cannot take the account over; it is refused with 401 Code 4010 and a Message saying so.
 */
export async function requireSignedInToken(
  context: ServerContext,
  request: FastifyRequest,
): Promise<TokenUser> {
  const user = await requireUser(context, request);
  if (user.anonymous || user.apiKeyId)
    throw new ApiError(
      401,
      ErrorCode.CredentialsMissing,
      user.apiKeyId
        ? 'An API key cannot manage the account: creating or revoking keys, changing the password and deleting the account need the signed-in access token of the studio (Authorization: Bearer).'
        : "Sign in required: the account area needs a signed-in account. Sign in and send your account's access token (Authorization: Bearer).",
    );
  return user;
}

/** Base of absolute Urls: PUBLIC_URL, else the scheme and Host of the request. */
export function publicBaseUrl(context: ServerContext, request: FastifyRequest): string {
  return context.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function downloadUrlFor(base: string, fileId: string, fileName: string): string {
  return `${base}/api/d/${fileId}/${encodeURIComponent(fileName)}`;
}

/** What a job needs of the server: its services, and failures stored as this layer answers them. */
export const jobDepsOf = (context: ServerContext): JobDeps & ConversionDeps & WorkflowRunJobDeps => ({
  ...context,
  describeFailure: (error) => toErrorAnswer(error),
});

/** The converter for an endpoint as sent, directly or through a catalogue alias (pdf/merge). */
export function findConverter(context: ServerContext, endpoint: string): Converter | undefined {
  const direct = context.converters.find((converter) => converter.endpoint === endpoint);
  if (direct) return direct;
  const tool = findToolByEndpoint(endpoint);
  return tool ? context.converters.find((converter) => converter.endpoint === tool.endpoint) : undefined;
}
