/**
 * The deny list on a real SQLite database (migrated as the server does): two servers sharing the
 * database see each other's revocations (at most NOT_REVOKED_TTL_MS late), rows are swept only once
 * they are past their time, and the cache never answers "revoked" for a swept id.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteDialect } from '../storage/database';
import type { Database } from '../storage/database.types';
import { NOT_REVOKED_TTL_MS, RevokedTokens } from './revoked-tokens';

let dir: string;
let dbA: Kysely<Database>;
let dbB: Kysely<Database>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-revoked-'));
  dbA = await openDatabase(sqliteDialect(dir));
  dbB = await openDatabase(sqliteDialect(dir));
});
afterAll(async () => {
  await dbA.destroy();
  await dbB.destroy();
  await rm(dir, { recursive: true, force: true });
});

const clock = (start: number) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('RevokedTokens', () => {
  it("one server's revocation reaches another sharing the database within the cache time", async () => {
    const time = clock(Date.now());
    const a = new RevokedTokens(dbA, time.now);
    const b = new RevokedTokens(dbB, time.now);
    expect(await b.anyRevoked(['shared-1'])).toBe(false);
    await a.revoke(['shared-1'], time.now() + 60_000);
    expect(await a.anyRevoked(['shared-1'])).toBe(true);
    time.advance(NOT_REVOKED_TTL_MS);
    expect(await b.anyRevoked(['other', 'shared-1'])).toBe(true);
    // A fresh instance (a restart) reads the database.
    expect(await new RevokedTokens(dbB, time.now).anyRevoked(['shared-1'])).toBe(true);
  });

  it('sweeps rows only once past their time, and forgets them in the cache too', async () => {
    const time = clock(Date.now());
    const list = new RevokedTokens(dbA, time.now);
    await list.revoke(['sweep-old'], time.now() + 1_000);
    await list.revoke(['sweep-new'], time.now() + 10_000);
    expect(await list.sweepExpired()).toBe(0);
    time.advance(1_000);
    expect(await list.sweepExpired()).toBe(1);
    expect(await list.anyRevoked(['sweep-old'])).toBe(false);
    expect(await list.anyRevoked(['sweep-new'])).toBe(true);
    const rows = await dbA
      .withTables<{ revoked_tokens: { id: string; expires_at: string } }>()
      .selectFrom('revoked_tokens')
      .select('id')
      .where('id', 'like', 'sweep-%')
      .execute();
    expect(rows.map((row) => row.id)).toEqual(['sweep-new']);
  });

  it('revoking an id twice keeps one row', async () => {
    const list = new RevokedTokens(dbA);
    await list.revoke(['twice', 'twice'], Date.now() + 5_000);
    await list.revoke(['twice'], Date.now() + 9_000);
    const rows = await dbA
      .withTables<{ revoked_tokens: { id: string; expires_at: string } }>()
      .selectFrom('revoked_tokens')
      .selectAll()
      .where('id', '=', 'twice')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
