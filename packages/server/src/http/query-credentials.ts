/**
 * The provider once took credentials in the query string (`?Secret=`, `?Token=`, `?auth=`, `?ApiKey=`);
 * its current clients send `Authorization: Bearer`. This server takes the header only: a URL ends up
 * in access logs, proxy logs, browser history and Referer headers, so a token in it is a token given
 * away. A request that carries one is refused with 401 (whatever else it carries), and the message
 * says how to send the token instead, so a client written for the old form learns the fix at once.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { queryPairs } from './request-fields';

const CREDENTIAL_NAMES = new Set(['secret', 'token', 'auth', 'apikey']);

export async function refuseQueryCredentials(request: FastifyRequest): Promise<void> {
  const sent = queryPairs(request).find(([name]) => CREDENTIAL_NAMES.has(name.toLowerCase()));
  if (!sent) return;
  throw new ApiError(
    401,
    ErrorCode.CredentialsMissing,
    `Credentials are not accepted in the URL (${sent[0]}=): send the token as an Authorization: Bearer <token> header.`,
  );
}
