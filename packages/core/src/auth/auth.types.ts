/**
 * Everything auth touches from the host is injected through these interfaces (Web Storage, location,
 * history, fetch), so the module is testable in Node and safe during server-side rendering.
 */

/** The Web Storage subset used (localStorage and sessionStorage satisfy it). */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The Location subset used. */
export interface LocationLike {
  readonly href: string;
  readonly hostname: string;
  assign(url: string): void;
  reload(): void;
}

/** The History subset used to drop `?auth=` from the address without a navigation. */
export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type EnvironmentName = 'production' | 'staging';

/** Spec part 1 section 3: an environment record. */
export interface Environment {
  name: EnvironmentName;
  /** Base of the conversion API ('/api' self-hosted). */
  apiUrl: string;
  /** Base of the sign-in website; '' means the same origin as the studio. */
  authBaseUrl: string;
  /** Base of the backend functions (generate-jwt, validate-token); defaults to `{apiUrl}/functions`. */
  functionsUrl?: string;
}

export interface AuthConfig {
  /** Product name used in storage keys: `{product}_secure_`, `{product}-pending-auth`, `{product}-environment`. */
  product: string;
  /**
   * Hostname part that marks production (the provider's domain). When neither this nor
   * previewHostname is set, every hostname is production: a self-hosted server has one environment.
   */
  providerDomain?: string;
  /** Exact hostname of the hosting preview that also counts as production. */
  previewHostname?: string;
  environments: Record<EnvironmentName, Environment>;
  /** `ref` query value of sign-in links. */
  referrer: string;
  /** Lifetime of a stored token in ms (spec: 24 h). */
  tokenLifetimeMs: number;
}
