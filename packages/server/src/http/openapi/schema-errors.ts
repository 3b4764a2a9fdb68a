/**
 * A request a route schema refuses answers as every other invalid request does: 400
 * `{Code: 4000, Message: 'Parameter validation error', InvalidParameters: {<name>: [<sentence>]}}`
 * (the thrown DomainError goes through error-answer.ts), never Fastify's own
 * `{statusCode, code: 'FST_ERR_VALIDATION', error, message}`.
 */
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import { invalidParameters } from '../../contract/errors';

type SchemaErrorFormatter = NonNullable<FastifyServerOptions['schemaErrorFormatter']>;
/** The request part a schema refused: 'params', 'querystring', 'headers' or 'body'. */
type SchemaErrorDataVar = Parameters<SchemaErrorFormatter>[1];

/** What the refused value was called: the property at fault, or the request part itself. */
function nameOf(error: FastifySchemaValidationError, part: SchemaErrorDataVar): string {
  const missing = error.params.missingProperty;
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
  const name = [path, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.');
  return name || part;
}

function sentence(error: FastifySchemaValidationError, part: SchemaErrorDataVar, name: string): string {
  // Query values are text, so a query parameter that is not text was given several times.
  if (part === 'querystring' && error.keyword === 'type' && error.params.type === 'string')
    return `${name} is given more than once: send it once.`;
  if (error.keyword === 'required') return `${name} is required.`;
  return `${name} ${error.message ?? 'is invalid'}.`;
}

export const schemaErrorAsInvalidParameters: SchemaErrorFormatter = (errors, part) => {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const name = nameOf(error, part);
    fields[name] = [...(fields[name] ?? []), sentence(error, part, name)];
  }
  return invalidParameters(fields);
};
