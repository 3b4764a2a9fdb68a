/** Accounts: created by sign-up, checked by sign-in. */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.types';
import { newId } from '../storage/file-names';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export interface Account {
  id: string;
  email: string;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const isPlausibleEmail = (email: string): boolean =>
  email.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export class UserService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the account; undefined when the email is taken. */
  async signUp(email: string, password: string): Promise<Account | undefined> {
    const normalized = normalizeEmail(email);
    const existing = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', normalized)
      .executeTakeFirst();
    if (existing) return undefined;
    const account = { id: `user_${newId()}`, email: normalized };
    await this.db
      .insertInto('users')
      .values({
        ...account,
        password_hash: await hashPassword(password),
        created_at: new Date().toISOString(),
      })
      .execute();
    return account;
  }

  async signIn(email: string, password: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
    if (!row) {
      await verifyPassword(password, await dummyPasswordHash);
      return undefined;
    }
    return (await verifyPassword(password, row.password_hash)) ? { id: row.id, email: row.email } : undefined;
  }
}
