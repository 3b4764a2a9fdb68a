/**
 * Where a request's fields are checked, once, against the converter they are for: the reserved fields
 * (StoreFile, Timeout, Async, Url) become typed values, KeepActiveContent must be true or false, and
 * the tool's parameters pass the converter's own `validate` and the catalogue's rules
 * (catalogue-checks.ts). POST /convert resolves its fields here (convert-validation.ts); a workflow run
 * resolves every step's stored parameters here before its job starts. The job and the converter then
 * take the resolved options as they are.
 */
import type { Converter } from '../converters/converter.types';
import { KEEP_ACTIVE_CONTENT } from '../jobs/active-content';
import type { ConversionOptions } from '../jobs/conversion-input';
import { catalogueParameterProblems } from './catalogue-checks';

export type FieldProblems = Record<string, string[]>;

/** Fields the server consumes; everything else goes to the converter as a tool parameter. */
const RESERVED = new Set(['StoreFile', 'Timeout', 'Async', 'Url']);

const isTrue = (value: string | undefined): boolean => /^(true|1|yes|on)$/i.test(value?.trim() ?? '');

/** The problems of several checks as one, each field's messages once, in the order given. */
export function mergeProblems(...sets: Array<FieldProblems | null | undefined>): FieldProblems {
  const merged: FieldProblems = {};
  for (const set of sets) {
    for (const [name, messages] of Object.entries(set ?? {})) {
      merged[name] = [...new Set([...(merged[name] ?? []), ...messages])];
    }
  }
  return merged;
}

export const hasProblems = (problems: FieldProblems): boolean => Object.keys(problems).length > 0;

/** The Timeout field: whole seconds from 10 to 1200; undefined seconds when absent or blank. */
export function timeoutField(value: string | undefined): { seconds?: number; problems: FieldProblems } {
  if (value === undefined || value.trim() === '') return { problems: {} };
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 1200)
    return { problems: { Timeout: ['Timeout must be a whole number of seconds from 10 to 1200.'] } };
  return { seconds, problems: {} };
}

function keepActiveContentProblems(params: Readonly<Record<string, string>>): FieldProblems {
  const value = params[KEEP_ACTIVE_CONTENT];
  if (value === undefined || /^(true|false)$/i.test(value.trim())) return {};
  return { [KEEP_ACTIVE_CONTENT]: [`${KEEP_ACTIVE_CONTENT} must be true or false.`] };
}

export interface ResolvedFields {
  options: ConversionOptions;
  /** The Timeout field's problem, apart: an answer lists it first. */
  timeoutProblems: FieldProblems;
  /** The tool parameters' problems: KeepActiveContent, the converter's and the catalogue's. */
  parameterProblems: FieldProblems;
}

/** Reads and checks a request's (or a workflow step's) fields for `converter`. */
export function resolveConversionFields(
  converter: Converter,
  fields: Readonly<Record<string, string>>,
): ResolvedFields {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (!RESERVED.has(name)) params[name] = value;
  const timeout = timeoutField(fields.Timeout);
  const storeFile = fields.StoreFile;
  return {
    options: {
      params,
      url: fields.Url?.trim() || undefined,
      keepActiveContent: /^true$/i.test(params[KEEP_ACTIVE_CONTENT]?.trim() ?? ''),
      timeoutSeconds: timeout.seconds,
      async: isTrue(fields.Async),
      storeFile: storeFile === undefined || storeFile.trim() === '' || isTrue(storeFile),
    },
    timeoutProblems: timeout.problems,
    parameterProblems: mergeProblems(
      keepActiveContentProblems(params),
      converter.validate(params),
      catalogueParameterProblems(converter.endpoint, params),
    ),
  };
}
