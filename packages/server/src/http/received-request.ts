/**
 * The start both job routes share: a fresh work folder, the request's inputs received into it under
 * the converter's upload limit, and the folder removed again unless the handler hands it over to a job.
 */
import type { FastifyRequest } from 'fastify';
import type { Converter } from '../converters/converter.types';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import { type ReceivedRequest, receiveRequest } from './convert-inputs';
import { overToolLimit } from './file-references';
import { declaredOver } from './raw-body';
import type { ServerContext } from './server-context';

export interface ReceivedInWorkDir {
  received: ReceivedRequest;
  workDir: string;
  /** The job owns the folder from now on and removes it when it ends. */
  handOver: () => void;
}

/** Form fields and part headers beside the file (the multipart limits allow 500 fields). */
const FORM_OVERHEAD = 1024 * 1024;

/**
 * The largest body a converter can take: its file plus the form around it for one-file tools; tools
 * of several files are bounded while streaming, per file.
 */
const maxBodySize = (converter: Converter, maxFileSize: number): number =>
  converter.input === 'multi-file' ? Number.POSITIVE_INFINITY : maxFileSize + FORM_OVERHEAD;

export async function withReceivedRequest<T>(
  context: ServerContext,
  request: FastifyRequest,
  converter: Converter,
  handle: (inputs: ReceivedInWorkDir) => Promise<T>,
): Promise<T> {
  const maxFileSize = converter.maxFileSize ?? context.config.defaultMaxFileSize;
  // A multipart body checked from Content-Length before a byte is read (raw bodies: convert-inputs.ts).
  if (request.isMultipart() && declaredOver(request, maxBodySize(converter, maxFileSize)))
    throw overToolLimit(maxFileSize);
  const workDir = await createWorkDir();
  let handedOver = false;
  try {
    const received = await receiveRequest(context, request, workDir, maxFileSize);
    return await handle({ received, workDir, handOver: () => (handedOver = true) });
  } finally {
    if (!handedOver) await removeWorkDir(workDir);
  }
}
