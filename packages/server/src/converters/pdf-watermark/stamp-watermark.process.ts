/**
 * Runs stampWatermark in its own Node process through runEngine. pdf-lib parses the whole file in
 * JavaScript: in the server's process a 100 MB or hostile PDF would block every other request and
 * could not be stopped. A child process gets the job's timeout, cancellation and process-group kill,
 * and its memory is returned when it exits.
 *
 * As a script: `node --import tsx stamp-watermark.process.ts <input> <output> <options.json>`;
 * exit 0 done, 3 the PDF could not be parsed, 1 anything else (message on stderr).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EngineExitError, runEngine } from '../../engines/run-engine';
import { stampWatermark, type WatermarkOptions } from './stamp-watermark';

export const UNPARSABLE_PDF_EXIT = 3;

const script = fileURLToPath(import.meta.url);
/** tsx's loader by absolute URL, so the child works whatever the server's working folder is. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export class UnparsablePdfError extends Error {}

/** Stamps `input` into `output` in a child process; throws UnparsablePdfError when pdf-lib cannot read it. */
export async function stampWatermarkInChild(
  input: string,
  output: string,
  options: WatermarkOptions,
  run: { signal?: AbortSignal; timeoutMs: number },
): Promise<void> {
  try {
    await runEngine(
      process.execPath,
      ['--max-old-space-size=2048', '--import', tsxLoader, script, input, output, JSON.stringify(options)],
      { ...run, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production' } },
    );
  } catch (error) {
    if (error instanceof EngineExitError && error.code === UNPARSABLE_PDF_EXIT)
      throw new UnparsablePdfError();
    throw error;
  }
}

async function main(args: string[]): Promise<void> {
  const [input, output, json] = args;
  if (!input || !output || !json)
    throw new Error('usage: stamp-watermark.process.ts <input> <output> <options.json>');
  const options = JSON.parse(json) as WatermarkOptions;
  let bytes: Uint8Array;
  try {
    bytes = await stampWatermark(await readFile(input), options);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(UNPARSABLE_PDF_EXIT);
  }
  await writeFile(output, bytes);
}

if (process.argv[1] && fileURLToPath(pathToFileURL(process.argv[1])) === script) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
