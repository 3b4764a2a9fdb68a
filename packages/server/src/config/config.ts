/**
 * Server configuration. Every field has an embedded default so `npm start` needs no settings; the
 * environment (config-from-env.ts) overrides them. Tests build a config directly.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { engineConcurrencyFor } from './engine-concurrency';

/** Which engine pool a converter's job waits for (concurrency is limited per engine). */
export type EngineName =
  | 'qpdf'
  | 'ghostscript'
  | 'mupdf'
  | 'libreoffice'
  | 'chromium'
  | 'sharp'
  | 'tesseract'
  | 'office-writer';

export interface ServerConfig {
  port: number;
  host: string;
  /** Keys, the SQLite database and the encrypted file store live here. */
  dataDir: string;
  /** The built demo (demo/dist), served at / with SPA fallback; undefined: API only. */
  staticDir?: string;
  /** How long uploads and results are kept before the sweeper deletes them. */
  retentionMinutes: number;
  /** How often the sweeper runs. */
  sweepIntervalMs: number;
  /** Jobs waiting or running at once; more answer 429. */
  maxQueue: number;
  /** Concurrent jobs per engine pool. */
  engineConcurrency: Partial<Record<EngineName, number>>;
  /**
   * WORKER_IDLE_SECONDS: how long an idle worker thread (MuPDF, pdf-lib) stays before it ends. Sooner
   * gives its memory back sooner; the next task after a longer pause starts a fresh one (0.1-0.4 s more, README).
   */
  workerIdleSeconds: number;
  /** SHUTDOWN_GRACE_SECONDS: on SIGTERM/SIGINT, how long running jobs may finish before they are cancelled. */
  shutdownGraceSeconds: number;
  /** Default per-job time limit when the request gives no Timeout (seconds). */
  defaultTimeoutSeconds: number;
  /**
   * WORKFLOW_LEASE_SECONDS: how long a workflow run stays its node's without a heartbeat (renewed every
   * third of it); past it, another API node continues the run from its last finished step.
   */
  workflowLeaseSeconds: number;
  /** Fetch `File`/`Url` URLs of other hosts (through the SSRF guard). */
  remoteFetch: boolean;
  /** Lets the SSRF guard reach loopback/private addresses: for tests only. */
  allowPrivateUrls: boolean;
  /** Exact host:port origins the SSRF guard lets through although private (SSRF_ALLOWED_ORIGINS; tests). */
  allowedOrigins: readonly string[];
  /** Base of absolute result Urls (https://docs.example.com); default: from the request's Host. */
  publicUrl?: string;
  /** Hex-encoded 32-byte key for the file store (else a key file in dataDir). */
  storageKeyHex?: string;
  /** The key before a rotation (STORAGE_KEY_PREVIOUS): opens what it sealed until that expires, never seals. */
  previousStorageKeyHex?: string;
  /**
   * DOWNLOADS_REQUIRE_OWNER: result Urls are short-lived signed links, and a bare FileId (a download,
   * or a File input of a conversion) works only with its owner's bearer token. Off (the default): the
   * FileId alone grants the file for its whole retention, as the provider's contract says.
   */
  downloadsRequireOwner: boolean;
  /** How long a signed download link works when downloadsRequireOwner is on (DOWNLOAD_LINK_MINUTES). */
  downloadLinkMinutes: number;
  /** Upload limit where a converter names none, and for POST /upload. */
  defaultMaxFileSize: number;
  /** Convert, upload, workflow runs and token requests per minute, per token subject and per IP. */
  rateLimitPerMinute: number;
  /**
   * API_KEY_RATE_LIMIT_PER_MINUTE: the same calls per minute for a request whose bearer is an API key,
   * counted per key (not per IP: a batch script on one machine is the key's normal use).
   */
  apiKeyRateLimitPerMinute: number;
  /** Sign-in and sign-up form posts per minute per IP (slows password guessing). */
  signInAttemptsPerMinute: number;
  /**
   * Requests per minute per IP that may carry an invalid, forged or expired bearer token
   * (INVALID_TOKENS_PER_MINUTE); past it the address gets 429 before its tokens are checked.
   */
  invalidTokensPerMinute: number;
  /**
   * TRUST_PROXY: addresses or CIDRs of the reverse proxies whose X-Forwarded-For / -Proto / -Host are
   * believed (http/trusted-proxies.ts). Empty (the default): the peer address is the client.
   */
  trustProxy: readonly string[];
  /** REQUEST_TIMEOUT_SECONDS: a whole request (headers and body) must arrive within this. */
  requestTimeoutSeconds: number;
  /** HEADERS_TIMEOUT_SECONDS: the request's headers must arrive within this (header dribblers). */
  headersTimeoutSeconds: number;
  /**
   * MIN_UPLOAD_BYTES_PER_SECOND: after a grace period (UPLOAD_GRACE_SECONDS), an upload slower than
   * this on average is cut off with 408 (http/slow-body.ts).
   */
  minUploadBytesPerSecond: number;
  uploadGraceSeconds: number;
  /**
   * MAX_RECEIVING_BYTES: bytes all requests together may be sending at once (by Content-Length, or
   * the upload limit when there is none); more answer 429 with Retry-After (http/receiving-budget.ts).
   */
  maxReceivingBytes: number;
  /** MAX_HEADER_BYTES: larger request headers answer 431. */
  maxHeaderBytes: number;
  /** MAX_SPLIT_FILES: split refuses (413) a request that would make more files than this. */
  maxSplitFiles: number;
  /** MAX_JPG_PAGES: PDF to JPG refuses (413) documents of more pages. */
  maxJpgPages: number;
  /** MAX_OCR_PAGES: OCR refuses (413) documents of more pages. */
  maxOcrPages: number;
  /** CHROMIUM_PATH: the Chromium binary web/to/pdf and html/to/pdf launch. */
  chromiumPath: string;
  /** LibreOffice's warm pool (engines/libreoffice). */
  libreOffice: LibreOfficeSettings;
  /**
   * Partner origins allowed to load /elements/* and call the API from their pages (CORS_ORIGINS):
   * exact origins, or '*' for any. Empty (the default): same-origin only.
   */
  corsOrigins: CorsOrigins;
  /**
   * CSP_CONNECT_ORIGINS: origins the studio's pages may call besides their own (connect-src of the
   * Content-Security-Policy, http/content-security-policy.ts): the API's and the sign-in functions'
   * origins when a hosted studio does not reach them under its own origin. Empty (the default): the
   * studio calls /api on its own origin only.
   */
  cspConnectOrigins: readonly string[];
  /** Completion webhooks of workflow runs: retries and time limits (a createServer() option). */
  webhooks: WebhookSettings;
  /**
   * REDIS_URL: jobs go through BullMQ queues on this Redis, rate limits and the sweeper's lock live
   * there (jobs/redis-conversions.ts). Undefined (the default): the in-process queue.
   */
  redisUrl?: string;
  /** ROLE: 'api' answers HTTP and enqueues, 'worker' runs the engines, 'all' (default) both. */
  role: ServerRole;
  /**
   * REDIS_KEY_PREFIX: the start of every key this cluster keeps in Redis (BullMQ queues, rate-limit
   * buckets, the sweeper's turn), so clusters sharing one Redis never share a queue. Default 'docstudio'.
   */
  redisKeyPrefix: string;
  /**
   * DATABASE_URL: a PostgreSQL database every node shares (then STORAGE_KEY is required, and the token
   * signing key lives in the database). Undefined (the default): SQLite in dataDir.
   */
  databaseUrl?: string;
  /** FILE_STORE: the encrypted files in the database or in dataDir; default: database with DATABASE_URL, else folder. */
  fileStore?: FileStoreKind;
  /** Log requests (pino); off in tests. */
  logger: boolean;
  /**
   * Where log lines go (one JSON object a line); default stdout. Tests pass a buffer to read what the
   * server logs (http/request-logging.ts says what a line may hold).
   */
  logStream?: { write(line: string): void };
}

/** LIBREOFFICE_POOL_SIZE, LIBREOFFICE_MAX_CONVERSIONS, LIBREOFFICE_ISOLATE_NETWORK, LIBREOFFICE_PYTHON. */
export interface LibreOfficeSettings {
  /**
   * Warm instances; 'auto' (the default): one per LibreOffice job the queue runs at once
   * (engineConcurrency.libreoffice), as many as a share of the machine's memory holds
   * (engines/libreoffice/pool-size.ts).
   */
  poolSize: number | 'auto';
  /** Jobs an instance runs before it is recycled (LibreOffice grows and caches across documents). */
  maxConversions: number;
  /** Run soffice without network (`unshare -n`); 'auto': when the server may, probed once. */
  isolateNetwork: boolean | 'auto';
  /** The python3 with the UNO bridge. */
  python: string;
}

/** How completion webhooks are sent (jobs/callback-delivery.ts). */
export interface WebhookSettings {
  /** Pauses before the 2nd, 3rd … attempt: attempts are 1 + its length. */
  retryDelaysMs: readonly number[];
  /** One attempt's limit: connecting, sending and the receiver's answer. */
  attemptTimeoutMs: number;
  /** How long closing the server waits for deliveries still going before it drops them. */
  drainTimeoutMs: number;
}

/** Where the encrypted files live (FILE_STORE). */
export type FileStoreKind = 'database' | 'folder';

/** Which part of a cluster this process is (ROLE). */
export type ServerRole = 'api' | 'worker' | 'all';

/** Serialised origins (`https://partner.example`) or '*' for any origin. */
export type CorsOrigins = readonly string[] | '*';

/** Each engine's jobs per core (its weight; engine-concurrency.ts says why). */
export const engineJobsPerCore: Record<EngineName, number> = {
  qpdf: 4,
  sharp: 2,
  ghostscript: 1,
  mupdf: 1,
  tesseract: 1,
  chromium: 1,
  // An instance sits idle while the server parses and stores around it: two per core keep the cores
  // busy (8 in flight ÷ one at a time: 1.2–1.6× with one per core, 2.1× with three, on 2 cores).
  libreoffice: 2,
  'office-writer': 0.5,
};

/** From this machine's cores and each engine's weight, at least 2 (engine-concurrency.ts). */
export const defaultEngineConcurrency: Record<EngineName, number> = engineConcurrencyFor(
  availableParallelism(),
  engineJobsPerCore,
);

export function defaultConfig(): ServerConfig {
  return {
    port: 8080,
    host: '0.0.0.0',
    dataDir: resolve('.data'),
    retentionMinutes: 180,
    sweepIntervalMs: 60_000,
    maxQueue: 50,
    engineConcurrency: { ...defaultEngineConcurrency },
    workerIdleSeconds: 10,
    defaultTimeoutSeconds: 300,
    workflowLeaseSeconds: 30,
    shutdownGraceSeconds: 30,
    remoteFetch: true,
    allowPrivateUrls: false,
    allowedOrigins: [],
    defaultMaxFileSize: 100 * 1024 * 1024,
    rateLimitPerMinute: 120,
    apiKeyRateLimitPerMinute: 1200,
    signInAttemptsPerMinute: 10,
    invalidTokensPerMinute: 30,
    trustProxy: [],
    requestTimeoutSeconds: 600,
    headersTimeoutSeconds: 20,
    minUploadBytesPerSecond: 16 * 1024,
    uploadGraceSeconds: 10,
    maxReceivingBytes: 1024 * 1024 * 1024,
    maxHeaderBytes: 32 * 1024,
    maxSplitFiles: 2000,
    maxJpgPages: 2000,
    maxOcrPages: 2000,
    chromiumPath: '/usr/bin/chromium',
    libreOffice: {
      poolSize: 'auto',
      maxConversions: 100,
      isolateNetwork: 'auto',
      python: '/usr/bin/python3',
    },
    downloadsRequireOwner: false,
    downloadLinkMinutes: 60,
    corsOrigins: [],
    cspConnectOrigins: [],
    // 4 attempts: at once, then after 1 s, 4 s and 16 s.
    webhooks: { retryDelaysMs: [1_000, 4_000, 16_000], attemptTimeoutMs: 10_000, drainTimeoutMs: 5_000 },
    role: 'all',
    redisKeyPrefix: 'docstudio',
    logger: false,
  };
}
