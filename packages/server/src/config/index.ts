export {
  type CorsOrigins,
  defaultConfig,
  defaultEngineConcurrency,
  loadConfigFromEnv,
  parseCorsOrigins,
  type ServerConfig,
} from './config';
