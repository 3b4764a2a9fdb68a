/**
 * A server closing while a download streams: the answer's headers went out before close() began, so
 * it cannot say `Connection: close` any more. Its connection must still be closed once the answer is
 * complete; otherwise close() waits for that idle keep-alive socket until keepAliveTimeout (72 s).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server';

describe('closing while a download streams', () => {
  it('delivers the whole file, then closes without waiting for the keep-alive timeout', async () => {
    const server = await startTestServer();
    let closed = false;
    try {
      const content = randomBytes(24 * 1024 * 1024);
      const FileId = await server.upload(content, 'large.bin');

      const download = await fetch(`${server.apiUrl}/d/${FileId}`);
      expect(download.status).toBe(200);
      const started = Date.now();
      const closing = server.close().then(() => {
        closed = true;
      });
      const received = Buffer.from(await download.arrayBuffer());
      expect(received.equals(content)).toBe(true);
      await closing;
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      if (!closed) await server.close();
    }
  });
});
