/**
 * Lingering close keeps no request past its body: over one keep-alive connection, the requests
 * answered before can be collected (each used to wrap the socket's close around the one before, so
 * a connection held every upload it ever carried). That early answers still reach a client that is
 * uploading is request-limits.test.ts's (401, 413 and 429 before the body is read).
 */
import { once } from 'node:events';
import { Agent, createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { garbageCollector } from '../engines/idle-collection';
import { lingerOnClose } from './lingering-close';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A server that lingers as the API does and answers as `handle` says. */
async function listen(handle: (message: IncomingMessage, respond: (status: number) => void) => void) {
  server = createServer((message, response) => {
    lingerOnClose({ raw: message, headers: message.headers } as unknown as FastifyRequest);
    handle(message, (status) => response.writeHead(status).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function post(port: number, agent: Agent, body: Buffer, headers = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ port, host: '127.0.0.1', method: 'POST', agent, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('lingerOnClose', () => {
  it('lets the requests of a keep-alive connection go once their bodies are read', async () => {
    const seen: WeakRef<IncomingMessage>[] = [];
    const sockets = new Set<unknown>();
    const port = await listen((message, respond) => {
      seen.push(new WeakRef(message));
      sockets.add(message.socket);
      message.resume();
      message.on('end', () => respond(200));
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 20; i += 1) expect(await post(port, agent, Buffer.alloc(256 * 1024, i))).toBe(200);
    expect(sockets.size).toBe(1); // one connection carried them all
    sockets.clear();
    const collect = garbageCollector();
    for (let round = 0; round < 3; round += 1) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // the connection is still open; at most its last request may still be referenced
    const alive = seen.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBeLessThanOrEqual(1);
    agent.destroy();
  });
});
