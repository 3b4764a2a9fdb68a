/**
 * Files in the database (the `file_chunks` table): the cluster's backend, since every node reaches
 * the database. The ciphertext is cut into rows of CHUNK_BYTES, written one row at a time as it
 * arrives and read back one row at a time as the reader asks, so memory holds at most one row per
 * transfer, whatever the file's size. Works on PostgreSQL (bytea) and SQLite (blob) alike.
 *
 * Deleting a file deletes its rows. On PostgreSQL the old row versions stay in the table's pages
 * until VACUUM reclaims them (autovacuum does, soon after): what lingers is ciphertext only, and its
 * key never leaves the nodes' configuration, so nothing readable remains after a delete.
 */
import { Readable, Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from './database.types';
import type { FileBackend } from './file-backend';

/** 1 MiB of ciphertext a row: big enough for few round trips, small enough for any row limit. */
export const CHUNK_BYTES = 1024 * 1024;

export class FileMissingError extends Error {
  constructor() {
    super('The stored file has no content.');
    this.name = 'FileMissingError';
  }
}

export class DatabaseBackend implements FileBackend {
  /** Inserts still under way per file: remove() waits for them, so no row lands after a delete. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(private readonly db: Kysely<Database>) {}

  async init(): Promise<void> {}

  createWriteStream(id: string): Writable {
    const db = this.db;
    const writing = this.writing;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    const insert = async (data: Buffer): Promise<void> => {
      await db.insertInto('file_chunks').values({ file_id: id, seq, data }).execute();
      seq += 1;
    };
    // Cuts what has arrived into full rows; `all` also writes the rest (the end of the file).
    const flush = async (all: boolean): Promise<void> => {
      if (pendingBytes < CHUNK_BYTES && !(all && pendingBytes > 0)) return;
      let bytes = Buffer.concat(pending);
      while (bytes.length >= CHUNK_BYTES) {
        await insert(bytes.subarray(0, CHUNK_BYTES));
        bytes = bytes.subarray(CHUNK_BYTES);
      }
      if (all && bytes.length > 0) {
        await insert(bytes);
        bytes = Buffer.alloc(0);
      }
      pending = bytes.length ? [Buffer.from(bytes)] : [];
      pendingBytes = bytes.length;
    };
    const track = (all: boolean, callback: (error?: Error | null) => void): void => {
      const step = flush(all);
      writing.set(
        id,
        step.catch(() => undefined),
      );
      step.then(() => callback(), callback);
    };
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        track(false, callback);
      },
      final(callback) {
        track(true, callback);
      },
    }).once('close', () => writing.delete(id));
  }

  createReadStream(id: string): Readable {
    const db = this.db;
    let seq = 0;
    return new Readable({
      // One row per read: the stream asks again only when its reader has taken the last one.
      read() {
        db.selectFrom('file_chunks')
          .select('data')
          .where('file_id', '=', id)
          .where('seq', '=', seq)
          .executeTakeFirst()
          .then(
            (row) => {
              if (row) {
                seq += 1;
                this.push(row.data);
              } else if (seq === 0) this.destroy(new FileMissingError());
              else this.push(null);
            },
            (error: Error) => this.destroy(error),
          );
      },
    });
  }

  async remove(id: string): Promise<void> {
    await this.writing.get(id);
    await this.db.deleteFrom('file_chunks').where('file_id', '=', id).execute();
  }
}
