/**
 * The first line of the SSRF guard: a user-supplied URL is parsed the way browsers parse it (WHATWG
 * URL, which turns decimal, hex, octal and short IPv4 spellings into dotted form and lower-cases the
 * scheme and host), must be http(s), and its host must resolve only to public addresses. The address
 * it resolved to is returned so the caller connects to exactly that address (no second lookup an
 * attacker's DNS could answer differently).
 */
import { lookup } from 'node:dns/promises';
import { invalidUrl } from '../../contract/errors';
import { checkAddress, isIpLiteral } from './address-policy';

export interface SsrfPolicy {
  /** Let every private/loopback address through (development only: ALLOW_PRIVATE_URLS=true). */
  allowPrivate?: boolean;
  /**
   * Exact `host:port` origins allowed even though private (tests: one loopback page, while another
   * loopback port stays refused). Compared after URL normalisation, e.g. '127.0.0.1:41234'.
   */
  allowedOrigins?: readonly string[];
  /** Resolver hook (tests add names); defaults to the system resolver. Returns every address. */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface PinnedTarget {
  url: URL;
  /** Host name without IPv6 brackets. */
  hostname: string;
  port: number;
  /** The address to connect to: the first resolved address (all of them were checked). */
  address: string;
  family: 4 | 6;
}

/** Why a URL or host is refused; the HTTP layer turns it into 400/5005 or 5007. */
export class SsrfBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsrfBlockedError';
  }
}

const truthy = (value: string | undefined): boolean => /^(1|true|yes)$/i.test(value ?? '');

/** The policy set by the environment: ALLOW_PRIVATE_URLS and SSRF_ALLOWED_ORIGINS (comma separated). */
export function policyFromEnv(env: NodeJS.ProcessEnv = process.env): SsrfPolicy {
  const origins = (env.SSRF_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return { allowPrivate: truthy(env.ALLOW_PRIVATE_URLS), allowedOrigins: origins };
}

const defaultResolve = async (hostname: string): Promise<string[]> => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

/** Parses and checks the form of a URL (scheme, credentials, host) without any network access. */
export function parsePublicUrlSyntax(raw: string): URL {
  const text = raw.trim();
  if (!text) throw new SsrfBlockedError('The URL is empty.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SsrfBlockedError('The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SsrfBlockedError(
      `Only http and https URLs are accepted, not ${url.protocol.replace(':', '')}.`,
    );
  }
  if (url.username || url.password)
    throw new SsrfBlockedError('URLs with a user name or password are not accepted.');
  if (!url.hostname) throw new SsrfBlockedError('The URL has no host.');
  return url;
}

const defaultPort = (url: URL): number =>
  url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;

function originKey(hostname: string, port: number): string {
  return `${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
}

/**
 * Resolves `hostname` and checks every address; returns the pinned one. Throws SsrfBlockedError.
 * `hostname` is a URL hostname (IPv6 may carry brackets).
 */
export async function resolvePublicHost(hostname: string, port: number, policy: SsrfPolicy = {}) {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowedExactly = policy.allowedOrigins?.includes(originKey(bare, port)) ?? false;
  const skipCheck = policy.allowPrivate === true || allowedExactly;
  if (!skipCheck && (bare === 'localhost' || bare.endsWith('.localhost'))) {
    throw new SsrfBlockedError(`The host ${bare} is the server itself and is not allowed.`);
  }
  let addresses: string[];
  if (isIpLiteral(bare)) {
    addresses = [bare];
  } else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(bare);
    } catch {
      throw new SsrfBlockedError(`The host ${bare} could not be resolved.`);
    }
    if (addresses.length === 0) throw new SsrfBlockedError(`The host ${bare} could not be resolved.`);
  }
  if (!skipCheck) {
    for (const address of addresses) {
      const verdict = checkAddress(address);
      if (!verdict.allowed) {
        throw new SsrfBlockedError(
          `The host ${bare} resolves to ${verdict.reason ?? 'a non-public address'} (${address}); only public addresses are allowed.`,
        );
      }
    }
  }
  const address = (addresses[0] ?? bare).replace(/^\[|\]$/g, '');
  return { address, family: address.includes(':') ? 6 : 4 } as { address: string; family: 4 | 6 };
}

/** Checks a URL fully (syntax, then every resolved address) and returns the pinned target. */
export async function resolvePublicUrl(raw: string, policy: SsrfPolicy = {}): Promise<PinnedTarget> {
  const url = parsePublicUrlSyntax(raw);
  const port = defaultPort(url);
  const { address, family } = await resolvePublicHost(url.hostname, port, policy);
  return { url, hostname: url.hostname.replace(/^\[|\]$/g, ''), port, address, family };
}

/**
 * The check for a user's first URL: resolves to the URL when it is public, else throws Code 5005
 * (InvalidUrl) and a Message saying why.
 */
export async function assertPublicUrl(raw: string, policy: SsrfPolicy = policyFromEnv()): Promise<URL> {
  try {
    return (await resolvePublicUrl(raw, policy)).url;
  } catch (error) {
    if (error instanceof SsrfBlockedError) {
      throw invalidUrl(`Invalid URL: ${error.message}`);
    }
    throw error;
  }
}
