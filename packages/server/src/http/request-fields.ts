/**
 * The provider reads a request's parameters from the query string and the body together, and its
 * clients differ in case (`?storefile=true` from the browser library, `StoreFile=true` from the Node
 * one). Here reserved names are matched in any case, query values are merged into the body's, and a
 * parameter given in both with different values is a 400: neither place silently overrides the other.
 */
import type { FastifyRequest } from 'fastify';
import { invalidParameters } from '../contract/errors';

/** Names the HTTP layer reads itself; tool parameters are matched in any case by the catalogue. */
const RESERVED = ['StoreFile', 'Timeout', 'Async', 'Url', 'File'];

/** 'storefile' → 'StoreFile', 'files[2]' → 'Files[2]'; other names stay as sent. */
export function canonicalFieldName(name: string): string {
  const trimmed = name.trim();
  const files = /^files(\[\d{0,4}\])?$/i.exec(trimmed);
  if (files) return `Files${files[1] ?? ''}`;
  const lower = trimmed.toLowerCase();
  return RESERVED.find((reserved) => reserved.toLowerCase() === lower) ?? trimmed;
}

/** The query string as [name, value] pairs (a repeated name gives several pairs), names as sent. */
export function queryPairs(request: FastifyRequest): Array<[string, string]> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') pairs.push([name, item]);
    }
  }
  return pairs;
}

/** The first query value whose name matches `name` in any case. */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const lower = name.toLowerCase();
  return queryPairs(request).find(([key]) => key.toLowerCase() === lower)?.[1];
}

/**
 * Adds the query's parameters to the body's `fields` (canonical names). File fields go to
 * `takeFile` instead (a repeated `Files` is several files); any other name the body already has must
 * carry the same value.
 */
export function mergeQueryFields(
  fields: Record<string, string>,
  pairs: ReadonlyArray<[string, string]>,
  takeFile: (name: string, value: string) => boolean,
): void {
  const conflicts: Record<string, string[]> = {};
  for (const [sent, value] of pairs) {
    const name = canonicalFieldName(sent);
    if (takeFile(name, value)) continue;
    const existing = fields[name];
    if (existing === undefined) fields[name] = value;
    else if (existing !== value) {
      // Values are not echoed: a parameter may be a password.
      conflicts[name] = [
        `${name} is given more than once with different values (the query string and the body are read together); send it once.`,
      ];
    }
  }
  if (Object.keys(conflicts).length > 0) throw invalidParameters(conflicts);
}
