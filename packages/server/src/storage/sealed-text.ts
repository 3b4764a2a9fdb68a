/**
 * Short values sealed for a database column (file names, job answers, workflow secrets):
 * AES-256-GCM under the purpose key of the current storage key, written as
 *   s1.<key id>.<base64url(12-byte nonce | ciphertext | 16-byte tag)>
 * The additional data binds the purpose and the row (a file id, a workflow id and parameter name),
 * so a sealed value copied into another row or column fails to open instead of being read there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type KeyPurpose, type KeyRing, keyById, purposeKey } from './key-ring';

const VERSION = 's1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^s1\.([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]+)$/;

export class SealedTextError extends Error {
  constructor(reason: string) {
    super(`A sealed value could not be opened: ${reason}.`);
    this.name = 'SealedTextError';
  }
}

const additionalData = (purpose: KeyPurpose, row: string): Buffer => Buffer.from(`${purpose}\n${row}`);

export function sealText(ring: KeyRing, purpose: KeyPurpose, row: string, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', purposeKey(ring.current, purpose), nonce);
  cipher.setAAD(additionalData(purpose, row));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${ring.current.id}.${Buffer.concat([nonce, body]).toString('base64url')}`;
}

export const isSealedText = (value: unknown): value is string =>
  typeof value === 'string' && SEALED.test(value);

/** The id of the key that sealed a value, or undefined for anything that is not a sealed value. */
export const sealedKeyId = (sealed: string): string | undefined => SEALED.exec(sealed)?.[1];

/** The plaintext; throws SealedTextError for an unknown key, a wrong row or any tampering. */
export function openText(ring: KeyRing, purpose: KeyPurpose, row: string, sealed: string): string {
  const match = SEALED.exec(sealed);
  if (!match) throw new SealedTextError('not a sealed value');
  const key = keyById(ring, match[1] ?? '');
  if (!key) throw new SealedTextError('sealed with a key this server does not hold');
  const bytes = Buffer.from(match[2] ?? '', 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealedTextError('too short');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      purposeKey(key, purpose),
      bytes.subarray(0, NONCE_BYTES),
    );
    decipher.setAAD(additionalData(purpose, row));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SealedTextError('authentication failed');
  }
}
