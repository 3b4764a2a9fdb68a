/**
 * The encrypted file store: uploads and results as AES-256-GCM record files under dataDir/files, their
 * sealed names, owners, key ids and expiry in the database. Only ciphertext ever lands in the data
 * folder (names included); plaintext copies for converters are written into RAM-backed work folders
 * (work-dir.ts). New files use the ring's current key; a file keeps the id of the key that wrote it,
 * so after a rotation it still opens with the previous key until it expires.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { compactAfterDelete } from './database';
import type { Database, FilesTable } from './database.types';
import { createDecryptStream, createEncryptStream } from './encryption';
import { extensionOf, newId, sanitizeFileName } from './file-names';
import { type KeyRing, keyById } from './key-ring';
import { openText, sealText } from './sealed-text';

export interface StoredFile {
  id: string;
  ownerId: string;
  fileName: string;
  ext: string;
  size: number;
  kind: 'upload' | 'result';
  expiresAt: string;
}

export interface SaveOptions {
  ownerId: string;
  fileName: string;
  kind: 'upload' | 'result';
  /** Plaintext bytes allowed; the save fails with FileTooLargeError past it. */
  maxBytes?: number;
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

export class FileStore {
  private readonly folder: string;

  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
    private readonly keys: KeyRing,
    private readonly retentionMs: () => number,
  ) {
    this.folder = join(dataDir, 'files');
  }

  async init(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
  }

  private pathOf(id: string): string {
    return join(this.folder, `${id}.enc`);
  }

  /** Encrypts `source` into the store; counts plaintext bytes and enforces maxBytes while streaming. */
  async save(source: Readable, options: SaveOptions): Promise<StoredFile> {
    const id = newId();
    const target = this.pathOf(id);
    const partial = `${target}.part`;
    let size = 0;
    const limit = options.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (limit !== undefined && size > limit) callback(new FileTooLargeError(limit));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(
        source,
        counter,
        createEncryptStream(this.keys.current.key),
        createWriteStream(partial, { mode: 0o600 }),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const fileName = sanitizeFileName(options.fileName);
    const now = new Date();
    const row: FilesTable = {
      id,
      owner_id: options.ownerId,
      sealed_name: sealFileName(this.keys, id, fileName),
      key_id: this.keys.current.id,
      ext: extensionOf(fileName),
      size,
      kind: options.kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.retentionMs()).toISOString(),
    };
    await this.db.insertInto('files').values(row).execute();
    return this.toStored(row);
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
    };
  }

  async saveFromPath(path: string, options: SaveOptions): Promise<StoredFile> {
    return this.save(createReadStream(path), options);
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
   * The plaintext as a stream, decrypted with the file's own key (looked up by its stored key id) and
   * authenticated record by record; a missing file or key fails the stream.
   */
  openDecrypted(id: string): Readable {
    const plaintext = new PassThrough();
    void this.db
      .selectFrom('files')
      .select('key_id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        const key = row ? keyById(this.keys, row.key_id) : undefined;
        if (!key) throw new FileKeyMissingError();
        // pipeline() passes an error to every stream and closes the file when the reader goes away.
        return pipeline(createReadStream(this.pathOf(id)), createDecryptStream(key.key), plaintext);
      })
      .catch((error: Error) => plaintext.destroy(error));
    return plaintext;
  }

  async decryptToPath(id: string, destination: string): Promise<void> {
    await pipeline(this.openDecrypted(id), createWriteStream(destination, { mode: 0o600 }));
  }

  async delete(id: string): Promise<void> {
    await this.removeRowAndFile(id);
    await compactAfterDelete(this.db);
  }

  private async removeRowAndFile(id: string): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', id).execute();
    await rm(this.pathOf(id), { force: true });
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
