export {
  type CorsOrigins,
  defaultConfig,
  defaultEngineConcurrency,
  type EngineName,
  type FileStoreKind,
  type LibreOfficeSettings,
  type ServerConfig,
  type ServerRole,
  type WebhookSettings,
} from './config';
export { loadConfigFromEnv, parseCorsOrigins } from './config-from-env';
