/**
 * Schemas of account.routes.ts. Every route needs the signed-in user's own access token: an
 * anonymous token or an API key answers 401 Code 4010 (a key cannot manage keys or the account).
 */
import { type Static, Type } from 'typebox';
import { bearer, errorResponse, errorResponses, jsonResponse } from '../openapi/responses';

export const ApiKeyParams = Type.Object({ id: Type.String({ description: "The key's Id (key_…)." }) });
export type ApiKeyParams = Static<typeof ApiKeyParams>;

const signedIn = { tags: ['Account'], security: bearer };

const tokenOnly = errorResponse(
  401,
  'No token, an invalid, expired or revoked one, an anonymous one or an API key (Code 4010)',
);

const jsonBody = (properties: Record<string, object>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});

const apiKey = {
  type: 'object',
  required: ['Id', 'Name', 'Prefix', 'CreatedAt', 'LastUsedAt'],
  properties: {
    Id: { type: 'string' },
    Name: { type: 'string' },
    Prefix: { type: 'string', description: 'The first characters of the key (dsk_ and 8 more).' },
    CreatedAt: { type: 'string', format: 'date-time' },
    LastUsedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

export const getAccountSchema = {
  ...signedIn,
  summary: 'Your account',
  operationId: 'getAccount',
  response: {
    200: jsonResponse('The account', {
      type: 'object',
      required: ['Id', 'Email', 'CreatedAt'],
      properties: {
        Id: { type: 'string' },
        Email: { type: 'string' },
        CreatedAt: { type: 'string', format: 'date-time' },
      },
    }),
    401: tokenOnly,
    ...errorResponses(429),
  },
};

export const changePasswordSchema = {
  ...signedIn,
  summary: 'Change your password',
  description:
    'The new password follows the sign-in site: 8 to 200 characters. A wrong CurrentPassword answers 400 Code 4000 naming it.',
  operationId: 'changePassword',
  documented: {
    requestBody: jsonBody(
      { CurrentPassword: { type: 'string' }, NewPassword: { type: 'string', minLength: 8, maxLength: 200 } },
      ['CurrentPassword', 'NewPassword'],
    ),
  },
  response: {
    200: jsonResponse('Changed', {
      type: 'object',
      required: ['Changed'],
      properties: { Changed: { const: true } },
    }),
    ...errorResponses(400),
    401: tokenOnly,
    ...errorResponses(429),
  },
};

export const deleteAccountSchema = {
  ...signedIn,
  summary: 'Delete your account',
  description:
    'Deletes the account with its stored files, jobs, workflows, run history and API keys. Every token and key of the account answers 401 from then on.',
  operationId: 'deleteAccount',
  response: {
    200: jsonResponse('Deleted', {
      type: 'object',
      required: ['Deleted'],
      properties: { Deleted: { const: true } },
    }),
    401: tokenOnly,
    ...errorResponses(429),
  },
};

export const listApiKeysSchema = {
  ...signedIn,
  summary: 'Your API keys, newest first',
  description: 'Keys that still work; never the keys themselves, only their Prefix.',
  operationId: 'listApiKeys',
  response: {
    200: jsonResponse('Your keys', {
      type: 'object',
      required: ['Keys'],
      properties: { Keys: { type: 'array', items: apiKey } },
    }),
    401: tokenOnly,
    ...errorResponses(429),
  },
};

export const createApiKeySchema = {
  ...signedIn,
  summary: 'Create an API key',
  description:
    'The answer holds the key (Key) once: only its SHA-256 is stored. Send it as Authorization: Bearer <key> to any API route; it acts as you, with your files, workflows and rate limit, until revoked.',
  operationId: 'createApiKey',
  documented: {
    requestBody: jsonBody({ Name: { type: 'string', minLength: 1, maxLength: 100 } }, ['Name']),
  },
  response: {
    201: jsonResponse('The new key', {
      ...apiKey,
      required: [...apiKey.required, 'Key'],
      properties: { ...apiKey.properties, Key: { type: 'string', description: 'Shown this once.' } },
    }),
    ...errorResponses(400),
    401: tokenOnly,
    ...errorResponses(429),
  },
};

export const revokeApiKeySchema = {
  ...signedIn,
  summary: 'Revoke an API key',
  description: 'The key answers 401 Code 4013 from then on.',
  operationId: 'revokeApiKey',
  params: ApiKeyParams,
  response: {
    200: jsonResponse('Revoked', {
      type: 'object',
      required: ['Revoked'],
      properties: { Revoked: { const: true } },
    }),
    401: tokenOnly,
    404: errorResponse(404, 'Unknown key, already revoked, or not yours'),
    ...errorResponses(429),
  },
};
