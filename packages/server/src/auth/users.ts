/** Accounts: created by sign-up, checked by sign-in. */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.types';
import { newId } from '../storage/file-names';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export interface Account {
  id: string;
  email: string;
}

/** The sign-in site's password rule (sign-up, change password). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const isAcceptablePassword = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;

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

  /** The account's email and creation time; undefined once it is deleted. */
  async find(id: string): Promise<(Account & { createdAt: string }) | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, email: row.email, createdAt: row.created_at } : undefined;
  }

  /** Replaces the password when `current` is right; false (nothing changed) when it is not. */
  async changePassword(id: string, current: string, next: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    const matches = await verifyPassword(current, row?.password_hash ?? (await dummyPasswordHash));
    if (!row || !matches) return false;
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(next) })
      .where('id', '=', id)
      .execute();
    return true;
  }
}
