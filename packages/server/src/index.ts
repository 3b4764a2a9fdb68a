/** @docstudio/server: createServer(config) for embedding and tests; main.ts runs it from the environment. */
export { createServer, type ServerOptions } from './app';
export { defaultConfig, type EngineName, loadConfigFromEnv, type ServerConfig } from './config';
export { DomainError, ErrorCode } from './contract/errors';
export type {
  Converter,
  ConverterContext,
  ConverterInputFile,
  ConverterResultFile,
} from './converters/converter.types';
export { ApiError } from './http/api-error';
export { InProcessJobQueue, type JobQueue } from './jobs/job-queue';
