/**
 * The backend functions the studio calls: generate-jwt (an anonymous token, each with its own subject,
 * so anonymous users never see each other's files or jobs), validate-token, and revoke-token (sign-out:
 * the bearer token, and the sign-in session it came from, stop working at once).
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../contract/errors';
import { generateJwtSchema, revokeTokenSchema, validateTokenSchema } from './schemas/auth-functions.schema';
import type { ServerContext } from './server-context';

const KNOWN_ENVIRONMENTS = new Set(['production', 'staging', 'development', 'local']);

function readEnvironment(body: unknown): string | undefined {
  const value = (body as { environment?: unknown } | undefined)?.environment;
  return typeof value === 'string' && KNOWN_ENVIRONMENTS.has(value) ? value : undefined;
}

export function registerAuthFunctionRoutes(app: FastifyInstance, context: ServerContext): void {
  // Per IP: each anonymous token is a new subject, so the address is what bounds minting them.
  app.post('/functions/generate-jwt', { schema: generateJwtSchema }, async (request) => {
    await context.limits.checkApi(request);
    return { token: await context.tokens.issueAnonymous() };
  });

  // Bearer only: a token is signed out by whoever holds it, never named in a body (or a log).
  app.post('/functions/revoke-token', { schema: revokeTokenSchema }, async (request) => {
    await context.limits.checkBadTokens(request);
    const user = await context.tokens
      .revokeBearer(request.headers.authorization)
      .catch(async (error: unknown) => {
        if (request.headers.authorization !== undefined) await context.limits.chargeBadToken(request);
        throw error;
      });
    // After the revocation: a client over the limit is still signed out, it only hears 429.
    await context.limits.checkApi(request, user);
    return { revoked: true };
  });

  app.post('/functions/validate-token', { schema: validateTokenSchema }, async (request) => {
    await context.limits.checkApi(request);
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return { valid: false, userData: null };
    try {
      const user = await context.tokens.verify(token);
      return {
        valid: true,
        userData: {
          id: user.id,
          email: user.email ?? null,
          anonymous: user.anonymous,
          environment: readEnvironment(request.body) ?? user.environment ?? null,
          expiresAt: user.expiresAt,
        },
      };
    } catch (error) {
      if (error instanceof DomainError) return { valid: false, userData: null };
      throw error;
    }
  });
}
