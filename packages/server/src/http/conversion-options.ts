/**
 * Where a request's fields are read, once, for the converter they are for: the reserved fields
 * (StoreFile, Timeout, Async, Url) become typed values, KeepActiveContent must be true or false, and
 * the tool's parameters go through the converter's `readParameters` (the catalogue's rules and any of
 * this server's), the only check they get. POST /convert resolves its fields here
 * (convert-validation.ts); a workflow run resolves every step's stored parameters here before its job
 * starts. The job and the converter then take the resolved options as they are.
 */
import type { Converter } from '../converters/converter.types';
import {
  type ParameterProblems as FieldProblems,
  mergeProblems,
  problemsOf,
} from '../converters/tool-parameters';
import { KEEP_ACTIVE_CONTENT } from '../jobs/active-content';
import type { ConversionOptions } from '../jobs/conversion-input';

export type { FieldProblems };

/** Fields the server consumes; everything else goes to the converter as a tool parameter. */
const RESERVED = new Set(['StoreFile', 'Timeout', 'Async', 'Url']);

const isTrue = (value: string | undefined): boolean => /^(true|1|yes|on)$/i.test(value?.trim() ?? '');

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
  /** The fields, typed; meant only when there are no problems (then `params` is the converter's reading). */
  options: ConversionOptions;
  /** The Timeout field's problem, apart: an answer lists it first. */
  timeoutProblems: FieldProblems;
  /** The tool parameters' problems: KeepActiveContent's, then the converter's reading's. */
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
  const reading = converter.readParameters(params);
  return {
    options: {
      params: reading.ok ? reading.params : undefined,
      url: fields.Url?.trim() || undefined,
      keepActiveContent: /^true$/i.test(params[KEEP_ACTIVE_CONTENT]?.trim() ?? ''),
      timeoutSeconds: timeout.seconds,
      async: isTrue(fields.Async),
      storeFile: storeFile === undefined || storeFile.trim() === '' || isTrue(storeFile),
    },
    timeoutProblems: timeout.problems,
    parameterProblems: mergeProblems(keepActiveContentProblems(params), problemsOf(reading)),
  };
}
