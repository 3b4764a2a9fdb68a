/**
 * The redaction dry run as a conversion runs: it waits for a MuPDF slot in the same queue (so dry runs
 * count against MAX_QUEUE and the engine's concurrency, and leave with 504 when their time is up
 * first), is stopped at its deadline or when its client leaves, and its plaintext work folder is
 * removed whatever happens. Nothing is stored: the answer is the boxes.
 */
import { conversionFailed, engineTimeout } from '../contract/errors';
import type { ConverterInputFile } from '../converters/converter.types';
import { previewRedaction, type RedactionPreview, type RedactOptions } from '../converters/pdf-redact';
import { removeWorkDir } from '../storage/work-dir';
import type { JobQueue } from './job-queue';

export interface RedactionPreviewRequest {
  file: ConverterInputFile;
  params: RedactOptions;
  workDir: string;
  deadlineAt: number;
  /** Aborted when the client goes away. */
  clientSignal: AbortSignal;
}

export async function runRedactionPreview(
  queue: JobQueue,
  request: RedactionPreviewRequest,
): Promise<RedactionPreview> {
  const timeUp = AbortSignal.timeout(Math.max(0, request.deadlineAt - Date.now()));
  try {
    return await queue.enqueue(
      'mupdf',
      { signal: AbortSignal.any([timeUp, request.clientSignal]) },
      async (shutdownSignal) => {
        const controller = new AbortController();
        const stop = (reason: unknown) => () => controller.abort(reason);
        const timer = setTimeout(stop(engineTimeout()), Math.max(0, request.deadlineAt - Date.now()));
        const onClientGone = stop(conversionFailed('The client closed the request.'));
        const onShutdown = () => controller.abort(shutdownSignal.reason);
        request.clientSignal.addEventListener('abort', onClientGone, { once: true });
        shutdownSignal.addEventListener('abort', onShutdown, { once: true });
        try {
          // Raced against the signal, so a step that does not watch it still ends the dry run in time.
          const aborted = new Promise<never>((_, reject) => {
            controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
              once: true,
            });
          });
          aborted.catch(() => undefined);
          return await Promise.race([
            previewRedaction({
              file: request.file,
              params: request.params,
              workDir: request.workDir,
              signal: controller.signal,
              deadlineAt: request.deadlineAt,
            }),
            aborted,
          ]);
        } finally {
          clearTimeout(timer);
          request.clientSignal.removeEventListener('abort', onClientGone);
          shutdownSignal.removeEventListener('abort', onShutdown);
        }
      },
    );
  } finally {
    await removeWorkDir(request.workDir);
  }
}
