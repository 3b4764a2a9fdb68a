export { openDatabase, sqliteDialect } from './database';
export type { Database } from './database.types';
export { createDecryptStream, createEncryptStream, loadStorageKey } from './encryption';
export { baseNameOf, extensionOf, newId, sanitizeFileName } from './file-names';
export { FileStore, FileTooLargeError, type SaveOptions, type StoredFile } from './file-store';
export { type KeyRing, loadKeyRing, type StorageKey } from './key-ring';
export { openText, SealedTextError, sealText } from './sealed-text';
export { createWorkDir, removeWorkDir, workRootDir } from './work-dir';
