export {
  type CorsOrigins,
  defaultConfig,
  defaultEngineConcurrency,
  type EngineName,
  type LibreOfficeSettings,
  type ServerConfig,
  type WebhookSettings,
} from './config';
export { loadConfigFromEnv, parseCorsOrigins } from './config-from-env';
