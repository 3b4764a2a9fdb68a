/** Schemas of auth-functions.routes.ts: generate-jwt, validate-token, revoke-token. */
import { bearer, errorResponses, jsonResponse, noToken } from '../openapi/responses';

const environment = {
  type: 'string',
  enum: ['production', 'staging', 'development', 'local'],
  description: 'Echoed in userData; any other value is ignored.',
};

const jsonBody = (schema: object, required: boolean) => ({
  required,
  content: { 'application/json': { schema } },
});

export const generateJwtSchema = {
  summary: 'An anonymous access token',
  description:
    "Each token has a subject of its own (anon_…), so anonymous users never see each other's files.",
  tags: ['Tokens'],
  operationId: 'generateJwt',
  security: noToken,
  documented: { requestBody: jsonBody({ type: 'object', properties: { environment } }, false) },
  response: {
    200: jsonResponse('The token', {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string' } },
    }),
    ...errorResponses(429),
  },
};

export const validateTokenSchema = {
  summary: 'Check a token',
  tags: ['Tokens'],
  operationId: 'validateToken',
  security: noToken,
  documented: {
    requestBody: jsonBody({ type: 'object', properties: { token: { type: 'string' }, environment } }, true),
  },
  response: {
    200: jsonResponse('Whether it is valid, and whose it is (userData null when not)', {
      type: 'object',
      required: ['valid', 'userData'],
      properties: {
        valid: { type: 'boolean' },
        userData: {
          oneOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: {
                id: { type: 'string' },
                email: { type: ['string', 'null'] },
                anonymous: { type: 'boolean' },
                environment: { type: ['string', 'null'] },
                expiresAt: { type: 'string', format: 'date-time' },
              },
            },
          ],
        },
      },
    }),
    ...errorResponses(429),
  },
};

export const revokeTokenSchema = {
  summary: 'Sign out: revoke the bearer token',
  description:
    'The token, and the /a sign-in session it was minted from, answer 401 Code 4013 from then on. Revoking a revoked token again is 200.',
  tags: ['Tokens'],
  operationId: 'revokeToken',
  security: bearer,
  response: {
    200: jsonResponse('Revoked', {
      type: 'object',
      required: ['revoked'],
      properties: { revoked: { const: true } },
    }),
    ...errorResponses(401, 429),
  },
};
