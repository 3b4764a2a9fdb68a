/**
 * What the OpenAPI document says of a route beyond what Fastify validates: `schema.documented`.
 * Fastify validates a route's `params`, `querystring` and `headers` schemas (and would its `body`);
 * these parts are described only:
 * - multipart and raw-file bodies are streams the routes read themselves, never parsed into a value
 *   Fastify could validate;
 * - JSON bodies and convert's query parameters are checked by the routes, whose 400s name each field
 *   in the spec's words (a schema refusal would answer in Ajv's instead), and whose query names are
 *   matched in any case and may repeat (`Files`).
 * Written as OpenAPI 3.1 objects; install-openapi.ts moves them into the operation.
 */

/** An OpenAPI 3.1 Parameter Object. */
export interface DocumentedParameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  description: string;
  schema: object;
}

/** An OpenAPI 3.1 Request Body Object. */
export interface DocumentedRequestBody {
  required: boolean;
  description?: string;
  content: Record<string, { schema: object }>;
}

export interface DocumentedOnly {
  parameters?: DocumentedParameter[];
  requestBody?: DocumentedRequestBody;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Described in the OpenAPI document, never validated (see documented.ts). */
    documented?: DocumentedOnly;
  }
}

/** The operation's extension key that carries `documented` through @fastify/swagger. */
export const DOCUMENTED_KEY = 'x-documented';
