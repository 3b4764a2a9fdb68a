/**
 * Files in the database (the `file_chunks` table): the cluster's backend, since every node reaches
 * the database. The ciphertext is cut into rows of CHUNK_BYTES, written one row at a time as it
 * arrives and read back one row at a time as the reader asks, so memory holds at most one row per
 * transfer, whatever the file's size. Works on PostgreSQL (bytea) and SQLite (blob) alike.
 *
 * Both directions keep one row in flight while the next is encrypted or decrypted (a stream buffer
 * of a row or two, so memory stays a few MiB), and PostgreSQL sends rows as base64 instead of its
 * default hex text for bytea: `npm run bench -- file-store` measured both.
 *
 * Deleting a file deletes its rows. On PostgreSQL the old row versions stay in the table's pages
 * until VACUUM reclaims them (autovacuum does, soon after): what lingers is ciphertext only, and its
 * key never leaves the nodes' configuration, so nothing readable remains after a delete.
 */
import { Readable, Writable } from 'node:stream';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
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

  /**
   * pg reads bytea as hex text, twice the size of the bytes, parsed in JavaScript; base64 is a third
   * smaller, encoded by the server and decoded natively. SQLite hands blobs over as they are.
   */
  private readonly base64Rows: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.base64Rows = db.getExecutor().adapter instanceof PostgresAdapter;
  }

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
      // The next row's ciphertext is made while this row is inserted.
      highWaterMark: CHUNK_BYTES,
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

  /**
   * Row `seq` of the file; with the first, how many rows the file has, so the reader stops after the
   * last one instead of asking for one more that is not there (a round trip per read saved).
   */
  private async readRow(id: string, seq: number): Promise<{ data?: Buffer; rows?: number }> {
    const rowCount = sql<string | number>`(select count(*) from file_chunks where file_id = ${id})`;
    const query = this.db
      .selectFrom('file_chunks')
      .where('file_id', '=', id)
      .where('seq', '=', seq)
      .$if(seq === 0, (row) => row.select(rowCount.as('rows')));
    const row = this.base64Rows
      ? await query.select(sql<string>`encode(data, 'base64')`.as('data')).executeTakeFirst()
      : await query.select('data').executeTakeFirst();
    if (!row) return {};
    const data = typeof row.data === 'string' ? Buffer.from(row.data, 'base64') : row.data;
    return { data, rows: 'rows' in row ? Number(row.rows) : undefined };
  }

  createReadStream(id: string): Readable {
    let seq = 0;
    let rows = Number.POSITIVE_INFINITY; // known with the first row
    const readRow = (at: number) => this.readRow(id, at);
    return new Readable({
      // One row per read, and one read ahead: the next row comes while the reader decrypts this one.
      highWaterMark: 2 * CHUNK_BYTES,
      read() {
        if (seq >= rows) {
          this.push(null);
          return;
        }
        readRow(seq).then(
          ({ data, rows: counted }) => {
            if (counted !== undefined) rows = counted;
            if (data) {
              seq += 1;
              this.push(data);
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
