/**
 * Convert is one route, `POST /convert/*` (catalogue aliases and unknown endpoints answer from the
 * same handler), but each converter takes its own form. The document gives every converter of the
 * table its own path: the route's operation (security, query parameters, answers) with the
 * converter's form, title and limits.
 */
import { findToolByEndpoint } from '@docstudio/core';
import type { Converter } from '../../converters/converter.types';
import { conversionFormSchema, conversionRequestBody } from './conversion-form';

export type Operation = Record<string, unknown> & { parameters?: Array<{ in?: string }> };
export type PathItem = Record<string, Operation>;

/** The wildcard route as @fastify/swagger writes it. */
export const CONVERT_WILDCARD_PATH = '/convert/{*}';

function converterOperation(template: Operation, converter: Converter): Operation {
  const tool = findToolByEndpoint(converter.endpoint);
  const limit = converter.maxFileSize
    ? `${Math.round(converter.maxFileSize / 1048576)} MB`
    : 'the server limit';
  return {
    ...template,
    operationId: `convert_${converter.endpoint.replace(/\W+/g, '_')}`,
    summary: tool?.title ?? converter.endpoint,
    description:
      `${tool?.description ?? ''} Accepts: ${converter.accepts.join(', ') || 'a URL'}. Max ${limit} per file. Engine: ${converter.engine}.`.trim(),
    // The wildcard itself is no parameter of a converter's own path.
    parameters: (template.parameters ?? []).filter((parameter) => parameter.in !== 'path'),
    requestBody: conversionRequestBody(conversionFormSchema(converter)),
  };
}

/** `paths` with the wildcard convert path replaced, in place, by one path per converter. */
export function expandConvertPaths(
  paths: Record<string, PathItem>,
  converters: readonly Converter[],
): Record<string, PathItem> {
  const template = paths[CONVERT_WILDCARD_PATH]?.post;
  if (!template) return paths;
  const expanded: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths)) {
    if (path !== CONVERT_WILDCARD_PATH) {
      expanded[path] = item;
      continue;
    }
    for (const converter of converters)
      expanded[`/convert/${converter.endpoint}`] = { post: converterOperation(template, converter) };
  }
  return expanded;
}
