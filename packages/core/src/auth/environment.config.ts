/**
 * Environments and their resolution (spec part 1 sections 3-4). Defaults suit a self-hosted studio:
 * the API at '/api' and sign-in pages on the same origin; a hosted deployment passes its own table.
 */
import type { AuthConfig, Environment, EnvironmentName, KeyValueStorage } from './auth.types';

export const defaultEnvironments: Record<EnvironmentName, Environment> = {
  production: { name: 'production', apiUrl: '/api', authBaseUrl: '' },
  staging: { name: 'staging', apiUrl: '/api', authBaseUrl: '' },
};

export const defaultAuthConfig: AuthConfig = {
  product: 'docstudio',
  environments: defaultEnvironments,
  referrer: 'ca-studio',
  tokenLifetimeMs: 24 * 60 * 60 * 1000,
};

/** A config with some fields replaced; environments merge per name. */
export function createAuthConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    ...defaultAuthConfig,
    ...overrides,
    environments: { ...defaultAuthConfig.environments, ...overrides.environments },
  };
}

export const environmentStorageKey = (config: AuthConfig): string => `${config.product}-environment`;

function readOverride(storage: KeyValueStorage | undefined, config: AuthConfig): EnvironmentName | undefined {
  try {
    const stored = storage?.getItem(environmentStorageKey(config));
    return stored === 'production' || stored === 'staging' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Which environment a hostname means, by the spec's rule (domain contained, or preview host equal). */
export function environmentForHostname(hostname: string | undefined, config: AuthConfig): EnvironmentName {
  if (!config.providerDomain && !config.previewHostname) return 'production';
  const host = (hostname ?? '').toLowerCase();
  if (config.providerDomain && host.includes(config.providerDomain.toLowerCase())) return 'production';
  if (config.previewHostname && host === config.previewHostname.toLowerCase()) return 'production';
  return 'staging';
}

/** Stored override `{product}-environment` wins; then the hostname decides. */
export function resolveEnvironment(
  context: { storage?: KeyValueStorage; hostname?: string } = {},
  config: AuthConfig = defaultAuthConfig,
): Environment {
  const name = readOverride(context.storage, config) ?? environmentForHostname(context.hostname, config);
  return config.environments[name];
}

/** Store or clear (null) the override; returns false when storage refused it. */
export function setEnvironmentOverride(
  storage: KeyValueStorage,
  name: EnvironmentName | null,
  config: AuthConfig = defaultAuthConfig,
): boolean {
  try {
    if (name) storage.setItem(environmentStorageKey(config), name);
    else storage.removeItem(environmentStorageKey(config));
    return true;
  } catch {
    return false;
  }
}

/** Backend functions base: the environment's own, else `{apiUrl}/functions`. */
export function functionsBaseUrl(environment: Environment): string {
  return (environment.functionsUrl ?? `${environment.apiUrl.replace(/\/+$/, '')}/functions`).replace(
    /\/+$/,
    '',
  );
}
