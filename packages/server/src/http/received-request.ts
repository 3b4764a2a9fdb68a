/**
 * The start both job routes share: a fresh work folder, the request's inputs received into it under
 * the converter's upload limit, and the folder removed again unless the handler hands it over to a job.
 */
import type { FastifyRequest } from 'fastify';
import type { Converter } from '../converters/converter.types';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import { type ReceivedRequest, receiveRequest } from './convert-inputs';
import type { ServerContext } from './server-context';

export interface ReceivedInWorkDir {
  received: ReceivedRequest;
  workDir: string;
  /** The job owns the folder from now on and removes it when it ends. */
  handOver: () => void;
}

export async function withReceivedRequest<T>(
  context: ServerContext,
  request: FastifyRequest,
  converter: Converter,
  handle: (inputs: ReceivedInWorkDir) => Promise<T>,
): Promise<T> {
  const workDir = await createWorkDir();
  let handedOver = false;
  try {
    const maxFileSize = converter.maxFileSize ?? context.config.defaultMaxFileSize;
    const received = await receiveRequest(context, request, workDir, maxFileSize);
    return await handle({ received, workDir, handOver: () => (handedOver = true) });
  } finally {
    if (!handedOver) await removeWorkDir(workDir);
  }
}
