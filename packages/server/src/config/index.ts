export { defaultConfig, defaultEngineConcurrency, loadConfigFromEnv, type ServerConfig } from './config';
