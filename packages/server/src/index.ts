/** @docstudio/server: createServer(config) for embedding and tests; main.ts runs it from the environment. */
export { createServer, type ServerOptions } from './app';
export { defaultConfig, loadConfigFromEnv, type ServerConfig } from './config';
export type {
  Converter,
  ConverterContext,
  ConverterInputFile,
  ConverterResultFile,
  EngineName,
} from './converters/converter.types';
export { ApiError, ErrorCode } from './http/errors';
export { InProcessJobQueue, type JobQueue } from './jobs/job-queue';
