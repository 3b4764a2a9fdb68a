export { browserAuthContext } from './auth.browser';
export { AUTH_MESSAGES, AuthError, type AuthErrorKind } from './auth.errors';
export {
  type FunctionsContext,
  generateJwt,
  revokeToken,
  type TokenValidation,
  validateToken,
} from './auth.functions';
export { genericSignInUrl, signInUrl, signUpUrl } from './auth.links';
export {
  type AuthArrivalResult,
  type AuthContext,
  consumeAuthArrival,
  getConversionToken,
  getUserToken,
  isLoggedIn,
  logout,
  pendingAuthKey,
  userTokenStorage,
} from './auth.session';
export type {
  AuthConfig,
  Environment,
  EnvironmentName,
  FetchLike as AuthFetchLike,
  HistoryLike,
  KeyValueStorage,
  LocationLike,
} from './auth.types';
export {
  createAuthConfig,
  defaultAuthConfig,
  defaultEnvironments,
  environmentForHostname,
  environmentStorageKey,
  functionsBaseUrl,
  resolveEnvironment,
  setEnvironmentOverride,
} from './environment.config';
export { MemoryStorage } from './memory.storage';
export { conversionTokenKeys, type TokenKeys, TokenStorage, userTokenKeys } from './token.storage';
