/**
 * The token signing key: an Ed25519 (EdDSA) pair generated once, identified by its JWK thumbprint as
 * `kid`. A single machine keeps it in dataDir/keys/jwt.json (0600); a cluster (DATABASE_URL) keeps it
 * in the shared database, its private half sealed with the storage key, so every node signs and
 * verifies with the same key and a token from one node works on all.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.types';
import type { KeyRing } from '../storage/key-ring';
import { openText, sealedKeyId, sealText } from '../storage/sealed-text';

export const JWT_ALGORITHM = 'EdDSA';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function generateKeyFile(): Promise<KeyFile> {
  const pair = await generateKeyPair(JWT_ALGORITHM, { extractable: true, crv: 'Ed25519' });
  const publicJwk = await exportJWK(pair.publicKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    privateJwk: await exportJWK(pair.privateKey),
    publicJwk,
  };
}

async function importKeys(stored: KeyFile): Promise<SigningKeys> {
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, JWT_ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(stored.publicJwk, JWT_ALGORITHM)) as CryptoKey,
    publicJwk: { ...stored.publicJwk, kid: stored.kid, alg: JWT_ALGORITHM, use: 'sig' },
  };
}

/** The row of the token key in `signing_keys`. */
const TOKEN_SLOT = 'tokens';

/**
 * The key from the shared database: the first node to start makes it (nodes starting together race
 * for one row; the insert that loses changes nothing and every node reads the winner's). A key sealed
 * under STORAGE_KEY_PREVIOUS is sealed again under the current key, so the rotation can finish.
 */
export async function loadSharedSigningKeys(db: Kysely<Database>, keys: KeyRing): Promise<SigningKeys> {
  const made = await generateKeyFile();
  await db
    .insertInto('signing_keys')
    .values({
      slot: TOKEN_SLOT,
      kid: made.kid,
      public_jwk: JSON.stringify(made.publicJwk),
      sealed_private_jwk: sealText(keys, 'signing-keys', TOKEN_SLOT, JSON.stringify(made.privateJwk)),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('slot').doNothing())
    .execute();
  const row = await db
    .selectFrom('signing_keys')
    .selectAll()
    .where('slot', '=', TOKEN_SLOT)
    .executeTakeFirstOrThrow();
  let privateJson: string;
  try {
    privateJson = openText(keys, 'signing-keys', TOKEN_SLOT, row.sealed_private_jwk);
  } catch {
    throw new Error(
      'The token signing key in the database was sealed with another storage key: give this node the STORAGE_KEY of the others (during a rotation, the old one as STORAGE_KEY_PREVIOUS).',
    );
  }
  if (sealedKeyId(row.sealed_private_jwk) !== keys.current.id)
    await db
      .updateTable('signing_keys')
      .set({ sealed_private_jwk: sealText(keys, 'signing-keys', TOKEN_SLOT, privateJson) })
      .where('slot', '=', TOKEN_SLOT)
      .execute();
  return importKeys({
    kid: row.kid,
    privateJwk: JSON.parse(privateJson) as JWK,
    publicJwk: JSON.parse(row.public_jwk) as JWK,
  });
}

export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'jwt.json');
  if (!existsSync(file)) {
    const content = await generateKeyFile();
    try {
      writeFileSync(file, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // another process created it first: use theirs
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return importKeys(JSON.parse(readFileSync(file, 'utf8')) as KeyFile);
}
