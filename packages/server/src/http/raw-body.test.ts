/**
 * The byte limit on the way to disk: it counts every byte, keeps the first ones the sniff reads
 * (across chunk boundaries, copied out of the parser's reused buffers), and fails with
 * FileTooLargeError past its limit.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileTooLargeError } from '../storage/file-store';
import { ByteLimit } from './raw-body';

describe('ByteLimit', () => {
  it('keeps the count and the first bytes, across chunks of a reused buffer', () => {
    const bytes = randomBytes(20_000);
    const counted = new ByteLimit(1_000_000, 8192);
    // one reused buffer, as a multipart parser hands out views of its own: refilled once counted
    const reused = Buffer.alloc(1000);
    for (let at = 0; at < bytes.length; at += 1000) {
      bytes.copy(reused, 0, at, at + 1000);
      counted.add(reused);
    }
    expect(counted.seen).toBe(20_000);
    expect(counted.head().equals(bytes.subarray(0, 8192))).toBe(true);
  });

  it('keeps the whole of a file shorter than the head', () => {
    const counted = new ByteLimit(100, 8192);
    counted.add(Buffer.from('%PDF-1.7'));
    expect(counted.head().toString()).toBe('%PDF-1.7');
  });

  it('fails past its limit, not at it', () => {
    const counted = new ByteLimit(12, 8192);
    counted.add(Buffer.alloc(6));
    counted.add(Buffer.alloc(6));
    expect(() => counted.add(Buffer.alloc(1))).toThrow(FileTooLargeError);
  });
});
