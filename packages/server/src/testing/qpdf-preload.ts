/**
 * Test support for the libraries preloaded into qpdf (engines/preload-library.ts): a qpdf run with a
 * library and without it must be indistinguishable in what it writes, says and exits with; and the
 * dynamic linker's own account of which library answered a symbol.
 */
import { execFile } from 'node:child_process';
import { copyFile, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { runEngine } from '../engines/run-engine';
import { corpusFile } from './pdf-tools';

const exec = promisify(execFile);

/** What a qpdf run did: its exit code, messages and output bytes (with `preload` or without). */
async function qpdfRun(args: string[], output: string, preload?: string) {
  const env = preload ? { ...process.env, LD_PRELOAD: preload } : process.env;
  const ran = await exec('qpdf', args, { env, encoding: 'buffer' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: Buffer; stderr: Buffer }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
  // a device as the output (/dev/full) is not read back
  const isFile = (await stat(output).catch(() => undefined))?.isFile();
  const written = isFile ? await readFile(output) : undefined;
  return {
    code: ran.code,
    // qpdf names the files it read and wrote: the same paths in both runs
    stderr: ran.stderr.toString('utf8'),
    stdout: ran.stdout.toString('utf8'),
    written: written?.toString('base64'),
  };
}

/**
 * Runs `args` (whose output is `output`) with and without `library` preloaded; both must agree
 * exactly. Answers the exit code they agreed on.
 */
export async function expectSameWithAndWithout(
  args: string[],
  output: string,
  library: string,
): Promise<number> {
  const without = await qpdfRun(args, output, undefined);
  const withLibrary = await qpdfRun(args, output, library);
  expect(withLibrary, `qpdf ${args.join(' ')}`).toEqual(without);
  return without.code;
}

/**
 * The dynamic linker's bindings (LD_DEBUG=bindings) of one qpdf run through the server's engine runner
 * (so with what the server preloads, plus `env`), read from a file in `dir`: the account is long.
 */
export async function qpdfBindings(
  args: string[],
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  const log = join(dir, 'bindings');
  await runEngine('qpdf', args, {
    timeoutMs: 30_000,
    env: { ...env, LD_DEBUG: 'bindings', LD_DEBUG_OUTPUT: log },
  });
  const [written] = (await readdir(dir)).filter((name) => name.startsWith('bindings.'));
  return readFile(join(dir, written ?? 'bindings'), 'utf8');
}

/**
 * `count` distinct files in `dir`, copies of the corpus files `sources` in turn: the parts of a merge
 * as the server receives them (qpdf opens a path named twice only once, which would merge less).
 */
export async function mergeParts(dir: string, sources: readonly string[], count = 50): Promise<string[]> {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const source = corpusFile(sources[index % sources.length] ?? '');
    parts.push(join(dir, `${index}-${basename(source)}`));
    await copyFile(source, parts[index] ?? '');
  }
  return parts;
}
