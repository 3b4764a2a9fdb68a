/**
 * Tools that output a PDF drop its active content (JavaScript, Launch and ImportData actions,
 * embedded programs; engines/strip-active-content.ts says what exactly) unless the request says
 * `KeepActiveContent=true`. Done here once, after the converter, in a MuPDF worker thread, unless a
 * scan of the bytes proves there is nothing to remove (engines/active-content-precheck.ts). Two tools
 * are exceptions: pdf/to/protect encrypts its result, so its input is cleaned before it runs;
 * pdf/to/redact (which scrubs scripts, attachments and more itself) and pdf/to/pdfa (PDF/A forbids
 * them, and a rewrite could break the file's conformance) are left alone.
 */

import type { ConverterContext, ConverterResultFile } from '../converters/converter.types';
import { mayHoldActiveContent } from '../engines/active-content-precheck';
import { runMupdfTask } from '../engines/mupdf-worker';
import { rawBytesIfSmall, smallForServerThread } from '../engines/pdf-raw-structure';

/** The request field that keeps active content (checked at the HTTP edge: true or false). */
export const KEEP_ACTIVE_CONTENT = 'KeepActiveContent';
const UNTOUCHED = new Set(['pdf/to/redact', 'pdf/to/pdfa']);
const INPUTS_FIRST = new Set(['pdf/to/protect']);

/** A result the scrub reads: every PDF a tool writes. */
const isPdf = (result: Pick<ConverterResultFile, 'path'>): boolean => /\.pdf$/i.test(result.path);

/** A file to clean: its path, and its bytes when the converter still holds them. */
type Cleaned = Pick<ConverterResultFile, 'path' | 'bytes'>;

/**
 * True when the scrub can be skipped: the bytes prove there is nothing for it to remove. Only for
 * files small enough to scan on the server's thread, bytes in memory or not; the scrub's worker scans
 * larger ones itself before it opens them in MuPDF.
 */
async function provablyClean({ path, bytes }: Cleaned): Promise<boolean> {
  const read = bytes ? (smallForServerThread(bytes.length) ? bytes : undefined) : await rawBytesIfSmall(path);
  return read !== undefined && !mayHoldActiveContent(read);
}

/** Scrubs each file that may hold active content; answers those rewritten. */
async function strip(files: Cleaned[], context: ConverterContext): Promise<Set<Cleaned>> {
  const rewritten = new Set<Cleaned>();
  for (const file of files) {
    if (await provablyClean(file)) continue;
    const task = { kind: 'strip-active-content', path: file.path } as const;
    const { removed } = await runMupdfTask(task, context.signal, context.deadlineAt);
    if (removed > 0) rewritten.add(file);
  }
  return rewritten;
}

/** Runs `convert` and removes the active content of what goes in (protect) or comes out as PDF. */
export async function convertWithoutActiveContent(
  endpoint: string,
  keepActiveContent: boolean,
  context: ConverterContext,
  convert: (context: ConverterContext) => Promise<ConverterResultFile[]>,
): Promise<ConverterResultFile[]> {
  if (keepActiveContent || UNTOUCHED.has(endpoint)) return convert(context);
  if (INPUTS_FIRST.has(endpoint)) {
    await strip(
      context.files.filter((file) => file.ext === 'pdf'),
      context,
    );
    return convert(context);
  }
  // a PDF announced early would be stored before its scrub: only the scrub's outcome is final
  const announce = context.onResultReady;
  const results = await convert({
    ...context,
    onResultReady: announce && ((result, index) => (isPdf(result) ? undefined : announce(result, index))),
  });
  const rewritten = await strip(results.filter(isPdf), context);
  // a scrubbed file's bytes in memory are the old ones: the store reads the file
  return results.map((result) => (rewritten.has(result) ? { ...result, bytes: undefined } : result));
}
