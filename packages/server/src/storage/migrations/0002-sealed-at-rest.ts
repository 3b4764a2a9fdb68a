/**
 * Seals what was kept in clear: file names (files.file_name becomes files.sealed_name, with the id of
 * the key that encrypted the file in files.key_id), job answers (they list file names) and workflow
 * secrets (password-type parameters move into each step's sealed `Secrets`). Made from the storage
 * keys, since sealing needs them; existing files were written with the current key. Without keys it
 * only changes the schema, and refuses to run on a database that holds rows to seal.
 */
import type { Kysely, Migration } from 'kysely';
import type { KeyRing } from '../key-ring';
import { openStepSecrets, readStoredSteps, sealClearSecrets } from '../sealed-steps';
import { isSealedText, openText, sealText } from '../sealed-text';

const JOB_COLUMNS = ['result', 'error'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

async function sealFiles(db: AnyDb, keys: KeyRing): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('sealed_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('key_id', 'varchar(16)', (col) => col.notNull().defaultTo(''))
    .execute();
  const rows: Array<{ id: string; file_name: string }> = await db
    .selectFrom('files')
    .select(['id', 'file_name'])
    .execute();
  for (const row of rows) {
    await db
      .updateTable('files')
      .set({
        sealed_name: sealText(keys, 'file-names', row.id, row.file_name),
        key_id: keys.current.id,
      })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('files').dropColumn('file_name').execute();
}

async function sealJobs(db: AnyDb, keys: KeyRing, seal: boolean): Promise<void> {
  const rows: Array<{ id: string; result: string | null; error: string | null }> = await db
    .selectFrom('jobs')
    .select(['id', ...JOB_COLUMNS])
    .execute();
  for (const row of rows) {
    const changes: Record<string, string> = {};
    for (const column of JOB_COLUMNS) {
      const value = row[column];
      if (value === null || isSealedText(value) === seal) continue;
      changes[column] = seal
        ? sealText(keys, 'job-records', row.id, value)
        : openText(keys, 'job-records', row.id, value);
    }
    if (Object.keys(changes).length)
      await db.updateTable('jobs').set(changes).where('id', '=', row.id).execute();
  }
}

async function sealWorkflows(db: AnyDb, keys: KeyRing): Promise<void> {
  const rows: Array<{ id: string; steps: string }> = await db
    .selectFrom('workflows')
    .select(['id', 'steps'])
    .execute();
  for (const row of rows) {
    const sealed = sealClearSecrets(keys, row.id, readStoredSteps(row.steps));
    if (sealed)
      await db
        .updateTable('workflows')
        .set({ steps: JSON.stringify(sealed) })
        .where('id', '=', row.id)
        .execute();
  }
}

/** The storage keys, or an error when rows need sealing and none were given. */
async function keysFor(db: AnyDb, keys: KeyRing | undefined): Promise<KeyRing> {
  if (keys) return keys;
  for (const table of ['files', 'jobs', 'workflows']) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) throw new Error('Migration 0002 seals existing rows: open the database with the storage keys.');
  }
  // Nothing to seal or open: a throwaway ring is never used for a value.
  return { current: { id: 'unused00', key: Buffer.alloc(32) } };
}

export function sealedAtRest(given: KeyRing | undefined): Migration {
  return {
    async up(db: AnyDb): Promise<void> {
      const keys = await keysFor(db, given);
      await sealFiles(db, keys);
      await sealJobs(db, keys, true);
      await sealWorkflows(db, keys);
    },
    // Back to clear values (a downgrade needs them): the reverse of up().
    async down(db: AnyDb): Promise<void> {
      const keys = await keysFor(db, given);
      await db.schema
        .alterTable('files')
        .addColumn('file_name', 'varchar(512)', (col) => col.notNull().defaultTo(''))
        .execute();
      const files: Array<{ id: string; sealed_name: string }> = await db
        .selectFrom('files')
        .select(['id', 'sealed_name'])
        .execute();
      for (const file of files) {
        const name = openText(keys, 'file-names', file.id, file.sealed_name);
        await db.updateTable('files').set({ file_name: name }).where('id', '=', file.id).execute();
      }
      await db.schema.alterTable('files').dropColumn('sealed_name').execute();
      await db.schema.alterTable('files').dropColumn('key_id').execute();
      await sealJobs(db, keys, false);
      const workflows: Array<{ id: string; steps: string }> = await db
        .selectFrom('workflows')
        .select(['id', 'steps'])
        .execute();
      for (const row of workflows) {
        const steps = openStepSecrets(keys, row.id, readStoredSteps(row.steps));
        await db
          .updateTable('workflows')
          .set({ steps: JSON.stringify(steps) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
