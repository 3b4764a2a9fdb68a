/**
 * Files in the data folder (dataDir/files/<id>.enc, 0600 in a 0700 folder): a single machine's
 * backend. A file is written to `<id>.enc.part` and renamed when complete, so a reader never sees
 * half a file.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { FILE_CHUNK_BYTES, type FileBackend } from './file-backend';

export class FolderBackend implements FileBackend {
  private readonly folder: string;

  constructor(dataDir: string) {
    this.folder = join(dataDir, 'files');
  }

  async init(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
  }

  private pathOf(id: string): string {
    return join(this.folder, `${id}.enc`);
  }

  createWriteStream(id: string): Writable {
    const target = this.pathOf(id);
    const partial = `${target}.part`;
    const file = createWriteStream(partial, { mode: 0o600 });
    const writable = new Writable({
      highWaterMark: FILE_CHUNK_BYTES,
      // The callback fires once the chunk is on disk (or failed): backpressure and errors in one.
      write(chunk: Buffer, _encoding, callback) {
        file.write(chunk, (error) => callback(error ?? undefined));
      },
      // what piled up while a write was under way goes to the file in one write
      writev(chunks, callback) {
        file.write(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), (error) =>
          callback(error ?? undefined),
        );
      },
      // Finishes only after the complete file has its final name.
      final(callback) {
        file.end();
        finished(file)
          .then(() => rename(partial, target))
          .then(() => callback(), callback);
      },
      destroy(error, callback) {
        file.destroy();
        callback(error);
      },
    });
    // The file's own errors (a full disk, or writes cut short by destroy()) end the write stream.
    file.on('error', (error) => writable.destroy(error));
    return writable;
  }

  createReadStream(id: string): Readable {
    return createReadStream(this.pathOf(id), { highWaterMark: FILE_CHUNK_BYTES });
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
    await rm(`${this.pathOf(id)}.part`, { force: true });
  }
}
