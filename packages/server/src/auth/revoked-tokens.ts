/**
 * The deny list of signed-out tokens (table `revoked_tokens`, migration 0003). An id is a token's
 * `jti`, or the `sid` of the sign-in session a studio token was minted from, so ending a session ends
 * every token minted from it. The database is the source of truth (several servers may share one);
 * an in-memory cache in front keeps most checks off it: ids known to be revoked stay cached until
 * their row may be dropped, and an id found not revoked is trusted for NOT_REVOKED_TTL_MS. A
 * revocation made by this server is seen by it at once; one made by another server sharing the
 * database within that time.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.types';

export interface RevokedTokensTable {
  id: string;
  /** ISO time after which no token carrying the id can be valid: the sweeper drops the row then. */
  expires_at: string;
}

type RevocationTables = { revoked_tokens: RevokedTokensTable };

/** How long "not revoked" answers are reused; bounds how late another server's revocation is seen. */
export const NOT_REVOKED_TTL_MS = 5_000;
/** Cache entries at most (each a 24-character id and a number); past it the cache starts over. */
const CACHE_LIMIT = 50_000;

export class RevokedTokens {
  private readonly db: Kysely<Database & RevocationTables>;
  /** Revoked ids and when their row may be dropped (ms). */
  private readonly revoked = new Map<string, number>();
  /** Ids found not revoked and when that was checked (ms). */
  private readonly notRevoked = new Map<string, number>();

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.db = db.withTables<RevocationTables>();
  }

  /** Adds ids to the deny list until `keepUntilMs`; revoking an id twice keeps the first row. */
  async revoke(ids: readonly string[], keepUntilMs: number): Promise<void> {
    const expiresAt = new Date(keepUntilMs).toISOString();
    for (const id of new Set(ids)) {
      await this.db
        .insertInto('revoked_tokens')
        .values({ id, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      this.remember(this.revoked, id, keepUntilMs);
      this.notRevoked.delete(id);
    }
  }

  /** True when any of the ids is on the deny list. */
  async anyRevoked(ids: readonly string[]): Promise<boolean> {
    const now = this.now();
    const unknown: string[] = [];
    for (const id of ids) {
      if (this.revoked.has(id)) return true;
      const checkedAt = this.notRevoked.get(id);
      if (checkedAt === undefined || now - checkedAt >= NOT_REVOKED_TTL_MS) unknown.push(id);
    }
    if (unknown.length === 0) return false;
    const rows = await this.db
      .selectFrom('revoked_tokens')
      .select(['id', 'expires_at'])
      .where('id', 'in', unknown)
      .execute();
    for (const row of rows) this.remember(this.revoked, row.id, Date.parse(row.expires_at));
    for (const id of unknown) if (!this.revoked.has(id)) this.remember(this.notRevoked, id, now);
    return rows.length > 0;
  }

  /** Drops rows (and cache entries) past their time; resolves with the number of rows removed. */
  async sweepExpired(): Promise<number> {
    const now = this.now();
    const result = await this.db
      .deleteFrom('revoked_tokens')
      .where('expires_at', '<=', new Date(now).toISOString())
      .executeTakeFirst();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    for (const [id, at] of this.notRevoked) if (now - at >= NOT_REVOKED_TTL_MS) this.notRevoked.delete(id);
    return Number(result.numDeletedRows);
  }

  private remember(cache: Map<string, number>, id: string, value: number): void {
    // A bounded cache: starting over only costs database look-ups, never a wrong answer.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(id, value);
  }
}
