/**
 * Where the file store keeps its ciphertext: the one interface every backend implements (the local
 * folder, the database; an S3-compatible bucket would be a third). A backend only ever sees bytes
 * that file-store.ts has already encrypted, streamed both ways, never a whole file in memory.
 */
import type { Readable, Writable } from 'node:stream';

export interface FileBackend {
  /** Prepares the backend (makes the folder …); called once before the first file. */
  init(): Promise<void>;
  /**
   * A stream taking the ciphertext of file `id`. It finishes once the bytes are stored; when the
   * write fails, the caller removes what was written with remove(id).
   */
  createWriteStream(id: string): Writable;
  /** The ciphertext of file `id`; the stream fails when there is none. */
  createReadStream(id: string): Readable;
  /** Deletes the ciphertext of file `id` (none: nothing to do). */
  remove(id: string): Promise<void>;
}
