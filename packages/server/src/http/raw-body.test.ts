/**
 * The byte limit on the way to disk: it passes every byte through, keeps the first ones the sniff
 * reads (across chunk boundaries, copied out of the parser's reused buffers) and the count, and fails
 * with FileTooLargeError past its limit.
 */
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FileTooLargeError } from '../storage/file-store';
import { byteLimit } from './raw-body';

const sink = (into: Buffer[]): Writable =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(Buffer.from(chunk));
      done();
    },
  });

describe('byteLimit', () => {
  it('passes the bytes on and keeps their count and first bytes, across chunks', async () => {
    const bytes = randomBytes(20_000);
    const out: Buffer[] = [];
    const counted = byteLimit(1_000_000, 8192);
    const done = pipeline(counted, sink(out));
    // one reused buffer, as a multipart parser hands out views of its own: refilled once taken
    const reused = Buffer.alloc(1000);
    for (let at = 0; at < bytes.length; at += 1000) {
      bytes.copy(reused, 0, at, at + 1000);
      await new Promise((taken) => counted.write(reused, taken));
    }
    counted.end();
    await done;
    expect(counted.seen).toBe(20_000);
    expect(counted.head().equals(bytes.subarray(0, 8192))).toBe(true);
  });

  it('keeps the whole of a file shorter than the head', async () => {
    const counted = byteLimit(100, 8192);
    await pipeline(Readable.from([Buffer.from('%PDF-1.7')]), counted, sink([]));
    expect(counted.head().toString()).toBe('%PDF-1.7');
  });

  it('fails past its limit', async () => {
    const counted = byteLimit(10, 8192);
    await expect(
      pipeline(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), counted, sink([])),
    ).rejects.toThrow(FileTooLargeError);
  });
});
