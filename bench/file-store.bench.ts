/**
 * The encrypted file store's backends side by side: saving and reading back a 256 MB file through the
 * data folder (the single-machine default, the baseline) and through PostgreSQL (`file_chunks`, the
 * cluster default), on a throwaway PostgreSQL cluster on this machine. Prints each as a ratio of the
 * folder's time (medians of alternating rounds) and the memory each grew by while streaming: both
 * should stay far below the file's size, since neither holds a whole file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { openDatabase, postgresDialect, sqliteDialect } from '../packages/server/src/storage/database';
import type { Database } from '../packages/server/src/storage/database.types';
import { DatabaseBackend } from '../packages/server/src/storage/database-backend';
import type { FileBackend } from '../packages/server/src/storage/file-backend';
import { FileStore } from '../packages/server/src/storage/file-store';
import { FolderBackend } from '../packages/server/src/storage/folder-backend';
import { storageKeyOf } from '../packages/server/src/storage/key-ring';
import { createTestDatabase, startPostgresServer } from '../packages/server/src/testing/postgres-server';
import { median } from './median';

const FILE_BYTES = 256 * 1024 * 1024;
const ROUNDS = 3;
const piece = randomBytes(1024 * 1024);
const source = (): Readable =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < FILE_BYTES; sent += piece.length) yield piece;
    })(),
  );

/** Runs `work` and returns its milliseconds and the most the process's RSS grew by meanwhile. */
async function measure(work: () => Promise<void>): Promise<{ ms: number; grewMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, grewMb: (Math.max(peak, process.memoryUsage().rss) - before) / 1024 / 1024 };
}

async function roundTrip(store: FileStore): Promise<void> {
  const saved = await store.save(source(), { ownerId: 'bench', fileName: 'bench.bin', kind: 'upload' });
  let read = 0;
  await pipeline(
    store.openDecrypted(saved),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        read += chunk.length;
        callback();
      },
    }),
  );
  if (read !== FILE_BYTES) throw new Error(`read ${read} bytes, stored ${FILE_BYTES}`);
  await store.delete(saved.id);
}

export default async function fileStoreBench(): Promise<void> {
  const postgres = await startPostgresServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-store-'));
  const keys = { current: storageKeyOf(randomBytes(32)) };
  const sqlite = await openDatabase(sqliteDialect(dataDir));
  const pg = await openDatabase(postgresDialect(await createTestDatabase(postgres.url)));
  const stores: Array<[string, Kysely<Database>, FileBackend]> = [
    ['folder (SQLite records)', sqlite, new FolderBackend(dataDir)],
    ['PostgreSQL file_chunks', pg, new DatabaseBackend(pg)],
  ];
  const times = new Map<string, number[]>();
  const growth = new Map<string, number[]>();
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, db, backend] of stores) {
        const store = new FileStore(db, backend, keys, () => 3_600_000);
        await store.init();
        const { ms, grewMb } = await measure(() => roundTrip(store));
        times.set(name, [...(times.get(name) ?? []), ms]);
        growth.set(name, [...(growth.get(name) ?? []), grewMb]);
      }
    const baseline = median(times.get(stores[0]?.[0] ?? '') ?? []);
    console.log(
      `save + read back of ${FILE_BYTES / 1024 / 1024} MB, medians of ${ROUNDS} alternating rounds:`,
    );
    for (const [name] of stores) {
      const ms = median(times.get(name) ?? []);
      const grew = Math.max(...(growth.get(name) ?? [0]));
      console.log(
        `  ${name.padEnd(26)} ${(ms / baseline).toFixed(2)}× the folder's time (${(ms / 1000).toFixed(2)} s), RSS grew at most ${grew.toFixed(0)} MB`,
      );
    }
  } finally {
    await sqlite.destroy();
    await pg.destroy();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
