/**
 * The storage key ring: the current key (every new file, file name, job record, workflow secret and
 * download link) and, during a rotation, the previous key, kept for reading only. Each key has a
 * short id stored beside what it sealed, so a file written under the old key still opens until the
 * sweeper removes it at the end of its retention.
 *
 * Purpose keys are derived with HKDF-SHA256 (one per purpose), so the file-content key never doubles
 * as the key of workflow secrets or the signing key of download links.
 */
import { hkdfSync } from 'node:crypto';
import { loadStorageKey } from './encryption';

export interface StorageKey {
  /** Short public id of the key (8 base64url characters), stored with what it sealed. */
  id: string;
  /** The 32-byte master key: encrypts file contents directly, and is the HKDF input of the rest. */
  key: Buffer;
}

export interface KeyRing {
  current: StorageKey;
  /** STORAGE_KEY_PREVIOUS: opens what the previous key sealed; never used to seal. */
  previous?: StorageKey;
}

export type KeyPurpose =
  | 'file-names'
  | 'job-records'
  | 'workflow-secrets'
  | 'workflow-runs'
  | 'download-links'
  | 'signing-keys'
  /** A conversion's parameters and file names while it waits in Redis (jobs/queued-conversion.ts). */
  | 'queued-jobs';

const hkdf = (key: Buffer, info: string, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `docstudio/${info}`, length));

export function storageKeyOf(key: Buffer): StorageKey {
  // An id derived from the key, so the same key always has the same id and the id reveals nothing.
  return { id: hkdf(key, 'key-id', 6).toString('base64url'), key };
}

function parseHexKey(name: string, hex: string): Buffer {
  const key = Buffer.from(hex.trim(), 'hex');
  if (key.length !== 32 || !/^[0-9a-f]{64}$/i.test(hex.trim()))
    throw new Error(`${name} must be 64 hex digits (32 bytes).`);
  return key;
}

/**
 * STORAGE_KEY (then no key file is read or written under dataDir), else dataDir/keys/storage.key
 * (created once, 0600); STORAGE_KEY_PREVIOUS, when given, joins the ring for reading.
 */
export function loadKeyRing(dataDir: string, currentHex?: string, previousHex?: string): KeyRing {
  const current = storageKeyOf(currentHex ? parseHexKey('STORAGE_KEY', currentHex) : loadStorageKey(dataDir));
  if (!previousHex) return { current };
  const previous = storageKeyOf(parseHexKey('STORAGE_KEY_PREVIOUS', previousHex));
  return previous.id === current.id ? { current } : { current, previous };
}

/** The key that sealed something, by its stored id (current or previous), or undefined. */
export function keyById(ring: KeyRing, id: string): StorageKey | undefined {
  if (ring.current.id === id) return ring.current;
  return ring.previous?.id === id ? ring.previous : undefined;
}

const purposeKeys = new WeakMap<Buffer, Map<KeyPurpose, Buffer>>();

/** The 32-byte key of one purpose, derived from a storage key (cached per key). */
export function purposeKey(key: StorageKey, purpose: KeyPurpose): Buffer {
  let derived = purposeKeys.get(key.key);
  if (!derived) {
    derived = new Map();
    purposeKeys.set(key.key, derived);
  }
  let found = derived.get(purpose);
  if (!found) {
    found = hkdf(key.key, purpose, 32);
    derived.set(purpose, found);
  }
  return found;
}
