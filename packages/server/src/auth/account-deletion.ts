/**
 * Deleting an account: its stored files (rows and encrypted contents), jobs, workflows, run history
 * and API keys, then the account itself; every token it holds stops working (TokenService
 * revokeAccount). Jobs still running finish into the void: their results have no owner row to be
 * read through and are swept with the other expired files.
 */
import type { Kysely } from 'kysely';
import { compactAfterDelete } from '../storage/database';
import type { Database } from '../storage/database.types';
import type { FileStore } from '../storage/file-store';
import type { TokenService } from './tokens';

export interface DeletedAccount {
  files: number;
  workflows: number;
}

export async function deleteAccount(
  services: { db: Kysely<Database>; store: FileStore; tokens: TokenService },
  accountId: string,
): Promise<DeletedAccount> {
  const { db, store, tokens } = services;
  // First, so nothing the account holds is accepted while the rest is removed.
  await tokens.revokeAccount(accountId);
  const files = await db.selectFrom('files').select('id').where('owner_id', '=', accountId).execute();
  for (const { id } of files) await store.delete(id);
  const workflows = await db.deleteFrom('workflows').where('owner_id', '=', accountId).executeTakeFirst();
  await db.deleteFrom('workflow_runs').where('owner_id', '=', accountId).execute();
  await db.deleteFrom('jobs').where('owner_id', '=', accountId).execute();
  await db.deleteFrom('api_keys').where('owner_id', '=', accountId).execute();
  await db.deleteFrom('users').where('id', '=', accountId).execute();
  await compactAfterDelete(db);
  return { files: files.length, workflows: Number(workflows.numDeletedRows) };
}
