/**
 * How a converter's parameters are read: once per conversion, at the HTTP edge
 * (http/conversion-options.ts; a workflow run reads every step there before its job starts). The
 * converter's `readParameters` turns the sent fields into what its `convert` takes, typed; `convert`
 * then uses them as they are and checks nothing again. Most tools take the catalogue's reading
 * (`catalogueParameters(id)`); a tool with rules only this server has adds them in its own reader.
 */
import { type ParameterErrors, resolveParametersOf, type ToolId, type ToolParameters } from '@docstudio/core';

/** The tool's fields as the request (or the workflow step) sent them: names and values as they came. */
export type SentParameters = Readonly<Record<string, string>>;

/** Per-field messages, keyed by the spec's field names ({ RotatePage: ['RotatePage must be ...'] }). */
export type ParameterProblems = ParameterErrors;

/** The parameters a converter takes, or why the sent fields cannot be read. */
export type ParameterReading<Params> =
  | { ok: true; params: Params }
  | { ok: false; problems: ParameterProblems };

/** The problems of several checks as one: each field's messages once, in the order given. */
export function mergeProblems(...sets: Array<ParameterProblems | null | undefined>): ParameterProblems {
  const merged: ParameterProblems = {};
  for (const set of sets) {
    for (const [name, messages] of Object.entries(set ?? {})) {
      merged[name] = [...new Set([...(merged[name] ?? []), ...messages])];
    }
  }
  return merged;
}

export const hasProblems = (problems: ParameterProblems): boolean => Object.keys(problems).length > 0;

export const refused = (problems: ParameterProblems): ParameterReading<never> => ({ ok: false, problems });

/** The problems of a reading; an empty set when it succeeded. */
export const problemsOf = (reading: ParameterReading<unknown>): ParameterProblems =>
  reading.ok ? {} : reading.problems;

/** The catalogue's reading of a tool's sent fields: checked, canonical spelling, defaults filled in. */
export function readCatalogue<Id extends ToolId>(
  id: Id,
  sent: SentParameters,
): ParameterReading<ToolParameters<Id>> {
  const resolved = resolveParametersOf(id, sent);
  return resolved.ok ? { ok: true, params: resolved.values } : refused(resolved.errors);
}

/** The reader of a tool whose parameters are the catalogue's alone. */
export const catalogueParameters =
  <Id extends ToolId>(id: Id) =>
  (sent: SentParameters): ParameterReading<ToolParameters<Id>> =>
    readCatalogue(id, sent);

/**
 * The catalogue's reading with a server rule's problems on the fields the catalogue found nothing
 * wrong with (one message per field: the catalogue's wins when both object to the same value).
 */
export function withServerProblems<Params>(
  reading: ParameterReading<Params>,
  server: ParameterProblems | null,
): ParameterReading<Params> {
  const problems = { ...problemsOf(reading) };
  for (const [field, messages] of Object.entries(server ?? {})) problems[field] ??= messages;
  return hasProblems(problems) ? refused(problems) : reading;
}

/**
 * The reader of a converter the catalogue does not know (one passed to createServer({ converters })):
 * the fields as sent, once the converter's own check, if any, finds nothing wrong.
 */
export const sentParameters =
  (check?: (sent: SentParameters) => ParameterProblems | null) =>
  (sent: SentParameters): ParameterReading<SentParameters> => {
    const problems = check?.(sent);
    return problems ? refused(problems) : { ok: true, params: sent };
  };
