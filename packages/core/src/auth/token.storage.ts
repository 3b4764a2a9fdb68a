/**
 * The signed-in user's token in local storage under `{product}_secure_` keys, with an expiry in ms
 * (spec: 24 h). Storage that throws (private browsing, quotas, SSR) reads as "no token".
 */
import { AuthError } from './auth.errors';
import type { AuthConfig, KeyValueStorage } from './auth.types';
import { defaultAuthConfig } from './environment.config';

export interface TokenKeys {
  prefix: string;
  token: string;
  expiry: string;
}

export const userTokenKeys = (config: AuthConfig = defaultAuthConfig): TokenKeys => ({
  prefix: `${config.product}_secure_`,
  token: `${config.product}_secure_token`,
  expiry: `${config.product}_secure_token_expiry`,
});

/**
 * A token generated for anonymous conversion calls lives under its own keys (same prefix, so logout
 * clears it) so that holding one never makes a visitor look signed in.
 */
export const conversionTokenKeys = (config: AuthConfig = defaultAuthConfig): TokenKeys => ({
  prefix: `${config.product}_secure_`,
  token: `${config.product}_secure_conversion_token`,
  expiry: `${config.product}_secure_conversion_token_expiry`,
});

export class TokenStorage {
  constructor(
    private readonly storage: KeyValueStorage | undefined,
    private readonly keys: TokenKeys = userTokenKeys(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Store the token with an expiry `lifetimeMs` ahead; AuthError 'Unable to save authentication data' on failure. */
  save(token: string, lifetimeMs: number = defaultAuthConfig.tokenLifetimeMs): void {
    if (!this.storage) throw new AuthError('saveFailed');
    try {
      this.storage.setItem(this.keys.token, token);
      this.storage.setItem(this.keys.expiry, String(this.now() + lifetimeMs));
    } catch (error) {
      this.clear();
      throw new AuthError('saveFailed', { cause: error });
    }
  }

  /** The token while it is valid; an expired or half-stored token is removed and reads as null. */
  read(): string | null {
    let token: string | null;
    let expiry: string | null;
    try {
      token = this.storage?.getItem(this.keys.token) ?? null;
      expiry = this.storage?.getItem(this.keys.expiry) ?? null;
    } catch {
      return null;
    }
    if (!token || !expiry) return null;
    const expiresAt = Number(expiry);
    if (!Number.isFinite(expiresAt) || expiresAt <= this.now()) {
      this.clear();
      return null;
    }
    return token;
  }

  /** Expiry in ms since the epoch, or null. */
  expiresAt(): number | null {
    return this.read() === null ? null : Number(this.storage?.getItem(this.keys.expiry));
  }

  isValid(): boolean {
    return this.read() !== null;
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.keys.token);
      this.storage?.removeItem(this.keys.expiry);
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }
}
