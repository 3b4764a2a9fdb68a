/** @docstudio/server: createServer(config) for embedding and tests; main.ts runs it from the environment. */
export { createServer, type ServerOptions } from './app';
export { defaultConfig, loadConfigFromEnv, type ServerConfig } from './config';
export { ApiError, ErrorCode } from './contract/errors';
export type {
  Converter,
  ConverterContext,
  ConverterInputFile,
  ConverterResultFile,
  EngineName,
} from './converters/converter.types';
export { InProcessJobQueue, type JobQueue } from './jobs/job-queue';
