/**
 * The SSRF guard below the browser: Chromium is told to send ALL its traffic (pages, subresources,
 * fetch, WebSockets, workers) through this in-process HTTP proxy, loopback included. For each
 * request the proxy resolves the host once, refuses non-public addresses, and connects to exactly
 * the address it checked, so DNS rebinding and redirects to internal hosts fail too (each redirect
 * is a new request through the proxy). Request interception in the page cannot give this guarantee:
 * it misses WebSockets and worker traffic. `startSharedFilteringProxy` is one such proxy for a whole
 * browser: each job's context sends its own credentials, which select the job's policy.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { resolvePublicHost, SsrfBlockedError, type SsrfPolicy } from './url-policy';

export interface FilteringProxyOptions extends SsrfPolicy {
  /** Refuse everything (html/to/pdf: an uploaded page may load nothing from the network). */
  denyAll?: boolean;
  /** Called for every refused request (logging, tests). */
  onBlocked?: (target: string, reason: string) => void;
}

export interface FilteringProxy {
  /** 'http://127.0.0.1:<port>' for Chromium's --proxy-server. */
  url: string;
  port: number;
  /** Targets refused so far ('host:port' or URL) with the reason. */
  blocked: { target: string; reason: string }[];
  close(): Promise<void>;
}

/** Whose request it is: the policy it is checked against and where its refusals are recorded. */
interface Tenant {
  options: FilteringProxyOptions;
  blocked: { target: string; reason: string }[];
}

/** Who sent a request: a tenant, 'ask' (no credentials yet: answer 407) or 'unknown' (refuse). */
type TenantOf = (req: http.IncomingMessage) => Tenant | 'ask' | 'unknown';

const HOP_BY_HOP = [
  'connection',
  'proxy-connection',
  'proxy-authorization',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Splits 'host:port' / '[v6]:port' as sent in CONNECT; normalises the host like a URL would. */
function parseAuthority(authority: string): { hostname: string; port: number } | undefined {
  try {
    const url = new URL(`http://${authority}`);
    const port = Number(url.port || 80);
    if (!url.hostname || url.pathname !== '/' || !Number.isInteger(port)) return undefined;
    return { hostname: url.hostname, port };
  } catch {
    return undefined;
  }
}

export async function startFilteringProxy(options: FilteringProxyOptions = {}): Promise<FilteringProxy> {
  const tenant: Tenant = { options, blocked: [] };
  const proxy = await serveProxy(() => tenant);
  return { ...proxy, blocked: tenant.blocked };
}

const PROXY_AUTH_CHALLENGE = 'Basic realm="docstudio"';

/** Listens on loopback; every request is checked against the policy of the tenant that sent it. */
async function serveProxy(tenantOf: TenantOf): Promise<Omit<FilteringProxy, 'blocked'>> {
  const sockets = new Set<net.Socket | Duplex>();

  const refuse = (tenant: Tenant, target: string, reason: string): void => {
    tenant.blocked.push({ target, reason });
    tenant.options.onBlocked?.(target, reason);
  };

  const check = async (
    tenant: Tenant,
    hostname: string,
    port: number,
  ): Promise<{ address: string; family: 4 | 6 }> => {
    if (tenant.options.denyAll) throw new SsrfBlockedError('network access is disabled for this conversion');
    return resolvePublicHost(hostname, port, tenant.options);
  };

  const server = http.createServer(async (req, res) => {
    const tenant = tenantOf(req);
    if (tenant === 'ask') {
      res.writeHead(407, { 'proxy-authenticate': PROXY_AUTH_CHALLENGE }).end();
      return;
    }
    if (tenant === 'unknown') {
      res.writeHead(403, { 'x-docstudio-blocked': '1' }).end('Blocked by the SSRF guard');
      return;
    }
    const target = req.url ?? '';
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      res.writeHead(400).end('Absolute URL required');
      return;
    }
    if (url.protocol !== 'http:') {
      refuse(tenant, target, `scheme ${url.protocol} is not allowed`);
      res.writeHead(403).end('Blocked');
      return;
    }
    const port = Number(url.port || 80);
    let pinned: { address: string; family: 4 | 6 };
    try {
      pinned = await check(tenant, url.hostname, port);
    } catch (error) {
      refuse(tenant, target, error instanceof Error ? error.message : 'refused');
      // The marker lets the renderer tell a refused navigation from the site's own 403.
      res
        .writeHead(403, { 'content-type': 'text/plain', 'x-docstudio-blocked': '1' })
        .end('Blocked by the SSRF guard');
      return;
    }
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = http.request(
      {
        host: pinned.address,
        family: pinned.family,
        port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        agent: false,
      },
      (upstreamResponse) => {
        const responseHeaders = { ...upstreamResponse.headers };
        for (const name of HOP_BY_HOP) delete responseHeaders[name];
        res.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders);
        upstreamResponse.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('Upstream failed');
      else res.destroy();
    });
    req.pipe(upstream);
  });

  // HTTPS, wss:// and ws:// reach the proxy as CONNECT tunnels.
  server.on('connect', async (req: http.IncomingMessage, clientSocket: Duplex, head: Buffer) => {
    sockets.add(clientSocket);
    clientSocket.on('close', () => sockets.delete(clientSocket));
    clientSocket.on('error', () => clientSocket.destroy());
    const tenant = tenantOf(req);
    if (tenant === 'ask') {
      clientSocket.end(
        `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${PROXY_AUTH_CHALLENGE}\r\n\r\n`,
      );
      return;
    }
    if (tenant === 'unknown') {
      clientSocket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const authority = parseAuthority(req.url ?? '');
    if (!authority) {
      clientSocket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    let pinned: { address: string; family: 4 | 6 };
    try {
      pinned = await check(tenant, authority.hostname, authority.port);
    } catch (error) {
      refuse(tenant, req.url ?? '', error instanceof Error ? error.message : 'refused');
      clientSocket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect({ host: pinned.address, port: authority.port, family: pinned.family });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('connect', () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    upstream.on('error', () => {
      clientSocket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    clientSocket.on('close', () => upstream.destroy());
  });

  // Chromium tunnels WebSockets with CONNECT; a plain-proxy Upgrade is refused rather than half-handled.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    const tenant = tenantOf(req);
    if (typeof tenant === 'object') refuse(tenant, req.url ?? '', 'WebSocket upgrades must use CONNECT');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One job's share of a SharedFilteringProxy: the proxy credentials its browser context sends. */
export interface ProxyTenant {
  username: string;
  password: string;
  /** This tenant's refused targets (no other tenant's). */
  blocked: { target: string; reason: string }[];
  /** Replaces the policy (a context prepared ahead of time gets its job's policy when taken). */
  setPolicy(options: FilteringProxyOptions): void;
  /** Forgets the credentials: later requests sending them are refused. */
  release(): void;
}

export interface SharedFilteringProxy {
  url: string;
  port: number;
  /** New credentials checked against `options`; a request without known credentials gets nowhere. */
  register(options: FilteringProxyOptions): ProxyTenant;
  close(): Promise<void>;
}

/**
 * One proxy for the whole browser: each job's context sends its own random proxy credentials
 * (Proxy-Authorization, answered after a 407 challenge), which say whose policy applies and whose
 * refusals to record. Unknown or released credentials are refused, never let through.
 */
export async function startSharedFilteringProxy(): Promise<SharedFilteringProxy> {
  const tenants = new Map<string, Tenant>();
  const tenantOf: TenantOf = (req) => {
    const header = req.headers['proxy-authorization'];
    if (!header) return 'ask';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    return (match?.[1] && tenants.get(match[1])) || 'unknown';
  };
  const proxy = await serveProxy(tenantOf);
  return {
    ...proxy,
    register(options) {
      const username = `job-${randomBytes(8).toString('hex')}`;
      const password = randomBytes(24).toString('base64url');
      const key = Buffer.from(`${username}:${password}`).toString('base64');
      const tenant: Tenant = { options, blocked: [] };
      tenants.set(key, tenant);
      return {
        username,
        password,
        blocked: tenant.blocked,
        setPolicy: (next) => {
          tenant.options = next;
        },
        release: () => tenants.delete(key),
      };
    },
  };
}
