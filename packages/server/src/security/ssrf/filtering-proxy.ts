/**
 * The SSRF guard below the browser: Chromium is told to send ALL its traffic (pages, subresources,
 * fetch, WebSockets, workers) through this in-process HTTP proxy, loopback included. For each
 * request the proxy resolves the host once, refuses non-public addresses, and connects to exactly
 * the address it checked, so DNS rebinding and redirects to internal hosts fail too (each redirect
 * is a new request through the proxy). Request interception in the page cannot give this guarantee:
 * it misses WebSockets and worker traffic.
 */
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
  const blocked: { target: string; reason: string }[] = [];
  const sockets = new Set<net.Socket | Duplex>();

  const refuse = (target: string, reason: string): void => {
    blocked.push({ target, reason });
    options.onBlocked?.(target, reason);
  };

  const check = async (hostname: string, port: number): Promise<{ address: string; family: 4 | 6 }> => {
    if (options.denyAll) throw new SsrfBlockedError('network access is disabled for this conversion');
    return resolvePublicHost(hostname, port, options);
  };

  const server = http.createServer(async (req, res) => {
    const target = req.url ?? '';
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      res.writeHead(400).end('Absolute URL required');
      return;
    }
    if (url.protocol !== 'http:') {
      refuse(target, `scheme ${url.protocol} is not allowed`);
      res.writeHead(403).end('Blocked');
      return;
    }
    const port = Number(url.port || 80);
    let pinned: { address: string; family: 4 | 6 };
    try {
      pinned = await check(url.hostname, port);
    } catch (error) {
      refuse(target, error instanceof Error ? error.message : 'refused');
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
    const authority = parseAuthority(req.url ?? '');
    if (!authority) {
      clientSocket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    let pinned: { address: string; family: 4 | 6 };
    try {
      pinned = await check(authority.hostname, authority.port);
    } catch (error) {
      refuse(req.url ?? '', error instanceof Error ? error.message : 'refused');
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
    refuse(req.url ?? '', 'WebSocket upgrades must use CONNECT');
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
    blocked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
