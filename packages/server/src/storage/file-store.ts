/**
 * The encrypted file store: uploads and results as AES-256-GCM record files under dataDir/files, their
 * names, owners and expiry in the database. Only ciphertext ever lands in the data folder; plaintext
 * copies for converters are written into RAM-backed work folders (work-dir.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database, FilesTable } from './database.types';
import { createDecryptStream, createEncryptStream } from './encryption';
import { extensionOf, newId, sanitizeFileName } from './file-names';

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

const toStored = (row: FilesTable): StoredFile => ({
  id: row.id,
  ownerId: row.owner_id,
  fileName: row.file_name,
  ext: row.ext,
  size: Number(row.size),
  kind: row.kind === 'upload' ? 'upload' : 'result',
  expiresAt: row.expires_at,
});

export class FileStore {
  private readonly folder: string;

  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
    private readonly key: Buffer,
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
        createEncryptStream(this.key),
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
      file_name: fileName,
      ext: extensionOf(fileName),
      size,
      kind: options.kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.retentionMs()).toISOString(),
    };
    await this.db.insertInto('files').values(row).execute();
    return toStored(row);
  }

  async saveFromPath(path: string, options: SaveOptions): Promise<StoredFile> {
    return this.save(createReadStream(path), options);
  }

  /** The file's record, or undefined when unknown or past its retention. */
  async get(id: string): Promise<StoredFile | undefined> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
    const row = await this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.expires_at <= new Date().toISOString()) return undefined;
    return toStored(row);
  }

  /** The plaintext as a stream, decrypted and authenticated record by record. */
  openDecrypted(id: string): Readable {
    const decrypt = createDecryptStream(this.key);
    const source = createReadStream(this.pathOf(id));
    source.on('error', (error) => decrypt.destroy(error));
    return source.pipe(decrypt);
  }

  async decryptToPath(id: string, destination: string): Promise<void> {
    await pipeline(this.openDecrypted(id), createWriteStream(destination, { mode: 0o600 }));
  }

  async delete(id: string): Promise<void> {
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
    for (const { id } of expired) await this.delete(id);
    return expired.length;
  }
}
