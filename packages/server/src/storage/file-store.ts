/**
 * The encrypted file store: uploads and results as AES-256-GCM record streams kept by a backend
 * (file-backend.ts: the data folder, or the database a cluster shares), their sealed names, owners,
 * key ids and expiry in the database. Encryption happens here, before any byte reaches a backend, so
 * only ciphertext is ever stored (names included); plaintext copies for converters are written into
 * RAM-backed work folders (work-dir.ts). New files use the ring's current key; a file keeps the id of
 * the key that wrote it, so after a rotation it still opens with the previous key until it expires.
 *
 * A file's row is written before its bytes, with its expiry: a save cut off by a crash leaves a row
 * the sweeper deletes, bytes included, at the end of its retention, on any backend.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { compactAfterDelete } from './database';
import type { Database, FilesTable } from './database.types';
import { createDecryptStream, createEncryptStream, encryptBytes } from './encryption';
import { FILE_CHUNK_BYTES, type FileBackend } from './file-backend';
import { extensionOf, newId, sanitizeFileName } from './file-names';
import { type KeyRing, keyById } from './key-ring';
import { openText, sealText } from './sealed-text';
import { createWorkFileStream } from './work-file-writer';

export interface StoredFile {
  id: string;
  ownerId: string;
  fileName: string;
  ext: string;
  size: number;
  kind: 'upload' | 'result';
  expiresAt: string;
  /** The storage key that sealed it: reading it back needs no second look-up of the row. */
  keyId: string;
}

export interface SaveOptions {
  ownerId: string;
  fileName: string;
  kind: 'upload' | 'result';
  /** Plaintext bytes allowed; the save fails with FileTooLargeError past it. */
  maxBytes?: number;
}

/** One file of a batch: its path, and what the caller already knows of it (no stat, no read back). */
export interface BatchFile {
  path: string;
  options: SaveOptions;
  /** Its size in bytes. */
  size?: number;
  /** Its bytes, when the caller holds them (a result made in memory): encrypted from here. */
  bytes?: Buffer;
}

export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

export class FileKeyMissingError extends Error {
  constructor() {
    super('The file was encrypted with a storage key this server no longer holds.');
    this.name = 'FileKeyMissingError';
  }
}

/** The name sealed for the files table; the file id is the row it is bound to. */
export const sealFileName = (keys: KeyRing, id: string, fileName: string): string =>
  sealText(keys, 'file-names', id, fileName);

/** Files of one batch encrypted and written at once: disk and backend I/O overlap the encryption. */
const BATCH_STREAMS = 4;
/** Rows per INSERT of a batch, well below SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 100;

export class FileStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly backend: FileBackend,
    private readonly keys: KeyRing,
    private readonly retentionMs: () => number,
  ) {}

  async init(): Promise<void> {
    await this.backend.init();
  }

  /**
   * Encrypts `source` into the store; counts plaintext bytes and enforces maxBytes while streaming.
   * `expectedSize` (a file on disk) goes into the row at once; the row is corrected only when the
   * bytes counted differ, so a save from a path is one write to the files table, not two.
   */
  async save(source: Readable, options: SaveOptions, expectedSize = 0): Promise<StoredFile> {
    const id = newId();
    let size = 0;
    const limit = options.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (limit !== undefined && size > limit) callback(new FileTooLargeError(limit));
        else callback(null, chunk);
      },
    });
    const fileName = sanitizeFileName(options.fileName);
    const now = new Date();
    const row: FilesTable = {
      id,
      owner_id: options.ownerId,
      sealed_name: sealFileName(this.keys, id, fileName),
      key_id: this.keys.current.id,
      ext: extensionOf(fileName),
      size: expectedSize,
      kind: options.kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.retentionMs()).toISOString(),
    };
    await this.db.insertInto('files').values(row).execute();
    try {
      await pipeline(
        source,
        counter,
        createEncryptStream(this.keys.current.key),
        this.backend.createWriteStream(id),
      );
      if (size !== expectedSize)
        await this.db.updateTable('files').set({ size }).where('id', '=', id).execute();
    } catch (error) {
      await this.delete(id);
      throw error;
    }
    return this.toStored({ ...row, size });
  }

  private toStored(row: FilesTable): StoredFile {
    return {
      id: row.id,
      ownerId: row.owner_id,
      fileName: openText(this.keys, 'file-names', row.id, row.sealed_name),
      ext: row.ext,
      size: Number(row.size),
      kind: row.kind === 'upload' ? 'upload' : 'result',
      expiresAt: row.expires_at,
      keyId: row.key_id,
    };
  }

  async saveFromPath(path: string, options: SaveOptions): Promise<StoredFile> {
    const { size } = await stat(path);
    return this.save(createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }), options, size);
  }

  /**
   * Several files from disk at once (a conversion's 117 page images): every row in one transaction
   * (sized from the file unless the caller says, written before any byte, as save() does), then the files encrypted and
   * written BATCH_STREAMS at a time. Any failure removes the whole batch, rows and bytes.
   */
  async saveManyFromPaths(files: BatchFile[]): Promise<StoredFile[]> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.retentionMs()).toISOString();
    const rows: FilesTable[] = [];
    for (const { path, options, ...known } of files) {
      const size = known.bytes?.length ?? known.size ?? (await stat(path)).size;
      if (options.maxBytes !== undefined && size > options.maxBytes)
        throw new FileTooLargeError(options.maxBytes);
      const id = newId();
      const fileName = sanitizeFileName(options.fileName);
      rows.push({
        id,
        owner_id: options.ownerId,
        sealed_name: sealFileName(this.keys, id, fileName),
        key_id: this.keys.current.id,
        ext: extensionOf(fileName),
        size,
        kind: options.kind,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      });
    }
    if (rows.length === 0) return [];
    // One INSERT is atomic by itself: a transaction (two more round trips to a shared database) only
    // when the rows take several.
    if (rows.length <= ROWS_PER_INSERT) await this.db.insertInto('files').values(rows).execute();
    else
      await this.db.transaction().execute(async (trx) => {
        for (let at = 0; at < rows.length; at += ROWS_PER_INSERT)
          await trx
            .insertInto('files')
            .values(rows.slice(at, at + ROWS_PER_INSERT))
            .execute();
      });
    try {
      let next = 0;
      const writeNext = async (): Promise<void> => {
        for (let i = next++; i < rows.length; i = next++) {
          const row = rows[i] as FilesTable;
          const { path, bytes } = files[i] as BatchFile;
          if (bytes) {
            // in memory already: sealed in one go and handed over in one write, no stream pipeline
            const sink = this.backend.createWriteStream(row.id);
            sink.end(encryptBytes(this.keys.current.key, bytes));
            await finished(sink);
            continue;
          }
          await pipeline(
            createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }),
            createEncryptStream(this.keys.current.key),
            this.backend.createWriteStream(row.id),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_STREAMS, rows.length) }, writeNext));
    } catch (error) {
      for (const row of rows) await this.removeRowAndFile(row.id).catch(() => undefined);
      await compactAfterDelete(this.db);
      throw error;
    }
    return rows.map((row) => this.toStored(row));
  }

  /**
   * The file's record, or undefined when unknown, past its retention, or written under a key this
   * server no longer holds (rotated out: it cannot be read, so it is as good as gone).
   */
  async get(id: string): Promise<StoredFile | undefined> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
    const row = await this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.expires_at <= new Date().toISOString() || !keyById(this.keys, row.key_id))
      return undefined;
    return this.toStored(row);
  }

  /**
   * The plaintext of a file get() answered, as a stream: decrypted with the file's own key (by its
   * key id) and authenticated record by record; missing bytes or key fail the stream.
   */
  openDecrypted(file: StoredFile): Readable {
    const key = keyById(this.keys, file.keyId);
    if (!key) return new PassThrough().destroy(new FileKeyMissingError());
    const plaintext = new PassThrough();
    // pipeline() passes an error to every stream and closes the file when the reader goes away.
    pipeline(this.backend.createReadStream(file.id), createDecryptStream(key.key), plaintext).catch(
      (error: Error) => plaintext.destroy(error),
    );
    return plaintext;
  }

  async decryptToPath(file: StoredFile, destination: string): Promise<void> {
    await pipeline(this.openDecrypted(file), createWorkFileStream(destination));
  }

  async delete(id: string): Promise<void> {
    await this.removeRowAndFile(id);
    await compactAfterDelete(this.db);
  }

  private async removeRowAndFile(id: string): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', id).execute();
    await this.backend.remove(id);
  }

  /** Deletes every file past its retention; returns how many. */
  async sweepExpired(now = new Date()): Promise<number> {
    const expired = await this.db
      .selectFrom('files')
      .select('id')
      .where('expires_at', '<=', now.toISOString())
      .execute();
    for (const { id } of expired) await this.removeRowAndFile(id);
    if (expired.length > 0) await compactAfterDelete(this.db);
    return expired.length;
  }
}
