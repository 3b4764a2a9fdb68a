/**
 * The account area's API: the signed-in user's account, password, API keys and deletion. Bearer only
 * (no cookies), so no page of another site can call these on the user's behalf (CSRF). Every route
 * needs the user's own access token: an API key may convert, upload and run workflows as its owner,
 * but it cannot make keys, change the password or delete the account (requireSignedInToken).
 */
import type { FastifyInstance } from 'fastify';
import { deleteAccount } from '../auth/account-deletion';
import { MAX_KEY_NAME_LENGTH, MAX_KEYS_PER_ACCOUNT } from '../auth/api-keys';
import { isAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/users';
import { ErrorCode, invalidParameters } from '../contract/errors';
import { ApiError } from './api-error';
import { tooManyRequests } from './rate-limit';
import {
  type ApiKeyParams,
  changePasswordSchema,
  createApiKeySchema,
  deleteAccountSchema,
  getAccountSchema,
  listApiKeysSchema,
  revokeApiKeySchema,
} from './schemas/account.schema';
import { requireSignedInToken, type ServerContext } from './server-context';

type Body = Record<string, unknown>;
const bodyOf = (body: unknown): Body => (body && typeof body === 'object' ? (body as Body) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const keyJson = (key: {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}) => ({
  Id: key.id,
  Name: key.name,
  Prefix: key.prefix,
  CreatedAt: key.createdAt,
  LastUsedAt: key.lastUsedAt,
});

export function registerAccountRoutes(app: FastifyInstance, context: ServerContext): void {
  const signedIn = async (request: Parameters<typeof requireSignedInToken>[1]) => {
    const user = await requireSignedInToken(context, request);
    await context.limits.checkApi(request, user);
    return user;
  };

  app.get('/account', { schema: getAccountSchema }, async (request) => {
    const user = await signedIn(request);
    const account = await context.users.find(user.id);
    // A token of an account deleted on another server, before this one saw the revocation.
    if (!account) throw new ApiError(401, ErrorCode.CredentialsRevoked, 'This account has been deleted.');
    return { Id: account.id, Email: account.email, CreatedAt: account.createdAt };
  });

  app.post('/account/password', { schema: changePasswordSchema }, async (request) => {
    const user = await signedIn(request);
    // The current password can be guessed here as on the sign-in form: the same per-IP and
    // per-account allowance bounds it.
    const wait = await context.limits.wait(context.limits.signIn, request, user.id);
    if (wait > 0) throw tooManyRequests(wait);
    const body = bodyOf(request.body);
    const current = text(body.CurrentPassword ?? body.currentPassword);
    const next = text(body.NewPassword ?? body.newPassword);
    const problems: Record<string, string[]> = {};
    if (!current) problems.CurrentPassword = ['Enter your current password.'];
    if (!isAcceptablePassword(next))
      problems.NewPassword = [
        `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      ];
    if (Object.keys(problems).length > 0) throw invalidParameters(problems);
    if (!(await context.users.changePassword(user.id, current, next)))
      throw invalidParameters({ CurrentPassword: ['The current password is not correct.'] });
    return { Changed: true };
  });

  app.delete('/account', { schema: deleteAccountSchema }, async (request) => {
    const user = await signedIn(request);
    await deleteAccount(context, user.id);
    // The sign-in session this token came from ends too (its cookie would otherwise still say signed in).
    await context.tokens.revoke(user);
    return { Deleted: true };
  });

  app.get('/account/keys', { schema: listApiKeysSchema }, async (request) => {
    const user = await signedIn(request);
    return { Keys: (await context.apiKeys.list(user.id)).map(keyJson) };
  });

  app.post('/account/keys', { schema: createApiKeySchema }, async (request, reply) => {
    const user = await signedIn(request);
    const body = bodyOf(request.body);
    const name = text(body.Name ?? body.name).trim();
    if (!name || name.length > MAX_KEY_NAME_LENGTH)
      throw invalidParameters({ Name: [`Name the key (1 to ${MAX_KEY_NAME_LENGTH} characters).`] });
    const made = await context.apiKeys.create(user.id, name);
    if (!made)
      throw invalidParameters({
        Name: [`An account has at most ${MAX_KEYS_PER_ACCOUNT} keys: revoke one you no longer use first.`],
      });
    reply.header('Cache-Control', 'no-store');
    return reply.code(201).send({ ...keyJson(made.key), Key: made.secret });
  });

  app.delete<{ Params: ApiKeyParams }>(
    '/account/keys/:id',
    { schema: revokeApiKeySchema },
    async (request) => {
      const user = await signedIn(request);
      if (!(await context.apiKeys.revoke(user.id, request.params.id)))
        throw new ApiError(
          404,
          ErrorCode.InvalidFileId,
          'The API key does not exist, or is already revoked.',
        );
      return { Revoked: true };
    },
  );
}
