/**
 * The token signing key: an Ed25519 (EdDSA) pair generated once and kept in dataDir/keys/jwt.json
 * (0600), identified by its JWK thumbprint as `kid`.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

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

export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'jwt.json');
  if (!existsSync(file)) {
    const pair = await generateKeyPair(JWT_ALGORITHM, { extractable: true, crv: 'Ed25519' });
    const publicJwk = await exportJWK(pair.publicKey);
    const content: KeyFile = {
      kid: await calculateJwkThumbprint(publicJwk),
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk,
    };
    try {
      writeFileSync(file, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // another process created it first: use theirs
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, JWT_ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(stored.publicJwk, JWT_ALGORITHM)) as CryptoKey,
    publicJwk: { ...stored.publicJwk, kid: stored.kid, alg: JWT_ALGORITHM, use: 'sig' },
  };
}
