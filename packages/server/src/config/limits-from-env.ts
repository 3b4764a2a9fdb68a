/**
 * The environment's request limits, proxy trust and page caps (see ServerConfig for what each does).
 * A typo is an error at start-up rather than a limit that silently falls back to its default.
 */
import proxyaddr from '@fastify/proxy-addr';
import type { ServerConfig } from './config';

type Limits = Pick<
  ServerConfig,
  | 'invalidTokensPerMinute'
  | 'apiKeyRateLimitPerMinute'
  | 'trustProxy'
  | 'requestTimeoutSeconds'
  | 'headersTimeoutSeconds'
  | 'minUploadBytesPerSecond'
  | 'uploadGraceSeconds'
  | 'maxReceivingBytes'
  | 'maxHeaderBytes'
  | 'maxSplitFiles'
  | 'maxJpgPages'
  | 'maxOcrPages'
>;

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive integer, got '${value}'.`);
  return parsed;
}

/**
 * TRUST_PROXY: comma-separated addresses or CIDRs (10.0.0.0/8, ::1) or proxy-addr's names
 * (loopback, linklocal, uniquelocal). Nothing else: `true` would trust every peer, which is what
 * let a client pick its own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new Error(`TRUST_PROXY entries must be addresses or CIDRs such as 10.0.0.0/8, got '${entry}'.`);
    }
  }
  return entries;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv, base: Limits): Limits {
  return {
    invalidTokensPerMinute: positiveInt(env, 'INVALID_TOKENS_PER_MINUTE', base.invalidTokensPerMinute),
    apiKeyRateLimitPerMinute: positiveInt(
      env,
      'API_KEY_RATE_LIMIT_PER_MINUTE',
      base.apiKeyRateLimitPerMinute,
    ),
    trustProxy: env.TRUST_PROXY === undefined ? base.trustProxy : parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutSeconds: positiveInt(env, 'REQUEST_TIMEOUT_SECONDS', base.requestTimeoutSeconds),
    headersTimeoutSeconds: positiveInt(env, 'HEADERS_TIMEOUT_SECONDS', base.headersTimeoutSeconds),
    minUploadBytesPerSecond: positiveInt(env, 'MIN_UPLOAD_BYTES_PER_SECOND', base.minUploadBytesPerSecond),
    uploadGraceSeconds: positiveInt(env, 'UPLOAD_GRACE_SECONDS', base.uploadGraceSeconds),
    maxReceivingBytes: positiveInt(env, 'MAX_RECEIVING_BYTES', base.maxReceivingBytes),
    maxHeaderBytes: positiveInt(env, 'MAX_HEADER_BYTES', base.maxHeaderBytes),
    maxSplitFiles: positiveInt(env, 'MAX_SPLIT_FILES', base.maxSplitFiles),
    maxJpgPages: positiveInt(env, 'MAX_JPG_PAGES', base.maxJpgPages),
    maxOcrPages: positiveInt(env, 'MAX_OCR_PAGES', base.maxOcrPages),
  };
}
