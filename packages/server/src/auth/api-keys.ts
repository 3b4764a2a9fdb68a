/**
 * API keys: long-lived bearer credentials for scripts and portals, made by a signed-in user. A key is
 * `dsk_` and 32 random bytes (base64url): with 256 bits of entropy a plain SHA-256 is the right hash
 * (nothing to guess, so no slow hash is needed, and a look-up is one indexed query). Only the hash and
 * the first characters (for display) are stored; the key is shown once, when it is made. A key acts
 * as its owner: the same files, workflows and rate limits as the owner's signed-in token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DomainError, ErrorCode } from '../contract/errors';
import type { ApiKeysTable, Database } from '../storage/database.types';
import { newId } from '../storage/file-names';
import type { TokenUser } from './tokens';

export const API_KEY_PREFIX = 'dsk_';
/** dsk_ and 8 characters of the secret: enough to tell keys apart, far too little to guess the rest. */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so busy scripts do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;
export const MAX_KEYS_PER_ACCOUNT = 50;
export const MAX_KEY_NAME_LENGTH = 100;
/** What a key reports as its expiry (TokenUser.expiresAt): keys do not expire, they are revoked. */
const NEVER = '9999-12-31T23:59:59.000Z';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const isApiKey = (bearer: string): boolean => bearer.startsWith(API_KEY_PREFIX);

const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

const toApiKey = (row: ApiKeysTable): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export class ApiKeyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes a key for `ownerId`; the secret is in the answer only. Undefined past MAX_KEYS_PER_ACCOUNT. */
  async create(ownerId: string, name: string): Promise<{ key: ApiKey; secret: string } | undefined> {
    const { count } = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_KEYS_PER_ACCOUNT) return undefined;
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row: ApiKeysTable = {
      id: `key_${newId()}`,
      owner_id: ownerId,
      name,
      prefix: secret.slice(0, DISPLAY_LENGTH),
      secret_hash: hashOf(secret),
      created_at: new Date(this.now()).toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { key: toApiKey(row), secret };
  }

  /** The owner's keys that still work, newest first. */
  async list(ownerId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toApiKey);
  }

  /** Revokes the owner's key; false when there is no such key of theirs (another user's reads as none). */
  async revoke(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date(this.now()).toISOString() })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The key's owner as a signed-in user, or 401: 4011 for an unknown key, 4013 for a revoked one. */
  async verify(secret: string): Promise<TokenUser> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.owner_id')
      .select([
        'api_keys.id',
        'api_keys.owner_id',
        'api_keys.last_used_at',
        'api_keys.revoked_at',
        'users.email',
      ])
      .where('api_keys.secret_hash', '=', hashOf(secret))
      .executeTakeFirst();
    if (!row) throw new DomainError(ErrorCode.CredentialsInvalid, 'The API key is not valid.');
    if (row.revoked_at)
      throw new DomainError(
        ErrorCode.CredentialsRevoked,
        'This API key has been revoked. Create a new key in your account (Account, API keys).',
      );
    await this.touch(row.id, row.last_used_at);
    return {
      id: row.owner_id,
      anonymous: false,
      email: row.email,
      expiresAt: NEVER,
      tokenId: row.id,
      apiKeyId: row.id,
    };
  }

  private async touch(id: string, lastUsedAt: string | null): Promise<void> {
    const now = this.now();
    if (lastUsedAt && now - Date.parse(lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
