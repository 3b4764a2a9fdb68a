/**
 * Tools that output a PDF drop its active content (JavaScript, Launch and ImportData actions,
 * embedded programs; engines/strip-active-content.ts says what exactly) unless the request says
 * `KeepActiveContent=true`. Done here once, after the converter, in a MuPDF worker thread. Two tools
 * are exceptions: pdf/to/protect encrypts its result, so its input is cleaned before it runs;
 * pdf/to/redact (which scrubs scripts, attachments and more itself) and pdf/to/pdfa (PDF/A forbids
 * them, and a rewrite could break the file's conformance) are left alone.
 */

import { invalidParameters } from '../contract/errors';
import type { ConverterContext, ConverterResultFile } from '../converters/converter.types';
import { runMupdfTask } from '../engines/mupdf-worker';

export const KEEP_ACTIVE_CONTENT = 'KeepActiveContent';
const UNTOUCHED = new Set(['pdf/to/redact', 'pdf/to/pdfa']);
const INPUTS_FIRST = new Set(['pdf/to/protect']);

/** null when the parameter is absent or valid, else its message. */
export function activeContentProblem(params: Readonly<Record<string, string>>): string[] | null {
  const value = params[KEEP_ACTIVE_CONTENT];
  if (value === undefined || /^(true|false)$/i.test(value.trim())) return null;
  return [`${KEEP_ACTIVE_CONTENT} must be true or false.`];
}

const keepsActiveContent = (params: Readonly<Record<string, string>>): boolean =>
  /^true$/i.test(params[KEEP_ACTIVE_CONTENT]?.trim() ?? '');

async function strip(paths: string[], context: ConverterContext, startedAt: number): Promise<void> {
  const deadlineAt = startedAt + context.deadline;
  for (const path of paths) {
    await runMupdfTask({ kind: 'strip-active-content', path }, context.signal, deadlineAt);
  }
}

/** Runs `convert` and removes the active content of what goes in (protect) or comes out as PDF. */
export async function convertWithoutActiveContent(
  endpoint: string,
  context: ConverterContext,
  convert: (context: ConverterContext) => Promise<ConverterResultFile[]>,
): Promise<ConverterResultFile[]> {
  const problem = activeContentProblem(context.params);
  if (problem) throw invalidParameters({ [KEEP_ACTIVE_CONTENT]: problem });
  if (keepsActiveContent(context.params) || UNTOUCHED.has(endpoint)) return convert(context);
  const startedAt = Date.now();
  if (INPUTS_FIRST.has(endpoint)) {
    await strip(
      context.files.filter((file) => file.ext === 'pdf').map((file) => file.path),
      context,
      startedAt,
    );
    return convert(context);
  }
  const results = await convert(context);
  await strip(
    results.filter((result) => /\.pdf$/i.test(result.path)).map((result) => result.path),
    context,
    startedAt,
  );
  return results;
}
