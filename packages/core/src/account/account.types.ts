/** What the account area reads and makes: the account, its API keys, and a new key (shown once). */

export interface AccountInfo {
  id: string;
  email: string;
  createdAt: string;
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The key's first characters (dsk_…), to tell keys apart; never the key. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A key as just made: `key` is the secret, which the server never shows again. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}
