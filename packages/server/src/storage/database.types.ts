/** Table shapes of the server's database (Kysely). Times are ISO strings, so SQLite and PostgreSQL agree. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  /** scrypt$N$r$p$salt$hash (base64url parts). */
  password_hash: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  owner_id: string;
  /** The file name, sealed (sealed-text.ts) and bound to the row id: names are never stored in clear. */
  sealed_name: string;
  /** Id of the storage key that encrypted the file and its name (key-ring.ts). */
  key_id: string;
  ext: string;
  /** Plaintext size in bytes. */
  size: number;
  /** 'upload' or 'result'. */
  kind: string;
  created_at: string;
  expires_at: string;
}

export interface JobsTable {
  id: string;
  owner_id: string;
  endpoint: string;
  /** 'queued' | 'running' | 'succeeded' | 'failed'. */
  status: string;
  /** JSON of the conversion answer when succeeded, sealed (it names the files). */
  result: string | null;
  /** JSON {status, body} of the error answer when failed, sealed. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
  seq: Generated<number>;
}

export interface WorkflowsTable {
  id: string;
  owner_id: string;
  title: string;
  /** JSON array of {Order, Endpoint, Parameters, OnError, Secrets?}: secrets sealed (sealed-steps.ts). */
  steps: string;
  created_at: string;
  updated_at: string;
  /** The completion webhook {Url, Secret}, sealed (sealed-callback.ts); null: none. */
  callback: string | null;
}

export interface WorkflowRunsTable {
  /** The run's JobId (GET job/{JobId} and the run history name a run alike). */
  id: string;
  owner_id: string;
  workflow_id: string;
  /** 'running' | 'succeeded' | 'failed'. */
  status: string;
  /** JSON {Steps, Files} sealed (it names the user's documents and their errors). */
  record: string;
  started_at: string;
  ended_at: string | null;
  /** The node coordinating a running run (null once it ended), and until when (ISO) its claim holds. */
  lease_holder: string | null;
  lease_until: string | null;
}

export interface ApiKeysTable {
  id: string;
  owner_id: string;
  /** The user's label for the key ('Nightly export script'). */
  name: string;
  /** The key's first characters (dsk_ and 8 more), shown so the user can tell keys apart. */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** When it was revoked; a revoked key answers 401 Code 4013. */
  revoked_at: string | null;
}

/** One piece of an encrypted file, when the file store is the database (database-blobs.ts). */
export interface FileChunksTable {
  file_id: string;
  /** 0, 1, 2 …: the order of the pieces. */
  seq: number;
  /** Ciphertext (encryption.ts's record format), never plaintext. */
  data: Buffer;
}

/** The token signing key shared by every node (auth/jwt-keys.ts); one row, the first node makes it. */
export interface SigningKeysTable {
  /** Which key ('tokens'): nodes starting together race for this row, and the first insert wins. */
  slot: string;
  /** The JWK thumbprint of the public key (the tokens' `kid`). */
  kid: string;
  public_jwk: string;
  /** The private JWK, sealed with the storage key (sealed-text.ts, purpose 'signing-keys'). */
  sealed_private_jwk: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  files: FilesTable;
  jobs: JobsTable;
  workflows: WorkflowsTable;
  workflow_runs: WorkflowRunsTable;
  api_keys: ApiKeysTable;
  file_chunks: FileChunksTable;
  signing_keys: SigningKeysTable;
}
