/**
 * Builds a ConverterContext for a real file the way the HTTP layer would (a private work folder with a
 * plaintext copy of the input), for tests and benches that call converters directly.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ConverterContext } from '../converters/converter.types';
import type { SentParameters } from '../converters/tool-parameters';

export interface TestJob {
  /** The tool fields as sent: call the converter through convertAsSent. */
  ctx: ConverterContext<SentParameters>;
  cleanup(): Promise<void>;
}

export async function makeConverterContext(
  source: string,
  params: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<TestJob> {
  const workDir = await mkdtemp(join(tmpdir(), 'docstudio-from-pdf-'));
  const fileName = basename(source);
  const path = join(workDir, `input-${fileName}`);
  await copyFile(source, path);
  const { size } = await stat(path);
  const controller = new AbortController();
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  return {
    ctx: {
      files: [{ path, fileName, ext, size }],
      params,
      workDir,
      signal: controller.signal,
      deadlineAt: Date.now() + timeoutMs,
    },
    cleanup: () => rm(workDir, { recursive: true, force: true }),
  };
}
