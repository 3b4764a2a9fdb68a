/**
 * Storage over real HTTP: encryption at rest (a known marker never appears in any file under the
 * data folder), tamper and truncation detection, private RAM-backed work folders removed after each
 * job, and the retention sweeper.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Converter } from '../converters/converter.types';
import { CORPUS_DIR } from '../testing/corpus';
import { linearizeConverter } from '../testing/pipeline-converters';
import { startTestServer } from '../testing/test-server';
import { createDecryptStream, createEncryptStream, encryptBytes } from './encryption';

const MARKER = 'DOCSTUDIO-SECRET-MARKER-7f3a9c';

/** A one-page PDF whose Title and page text are the marker, uncompressed (so a plaintext copy would show it). */
function markerPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 700 Td (${MARKER}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 700 Td (${MARKER}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${MARKER}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('encryption at rest', () => {
  it('keeps no plaintext document bytes in the data folder', async () => {
    const server = await startTestServer({ converters: [linearizeConverter] });
    try {
      const pdf = markerPdf();
      const upload = await server.request('/api/upload', {
        method: 'POST',
        headers: {
          'content-disposition': "attachment; filename*=UTF-8''marker.pdf",
          'content-type': 'application/pdf',
        },
        body: new Uint8Array(pdf),
      });
      expect(upload.status).toBe(200);
      const answer = await server.convert('test/to/linearize', {}, [{ content: pdf, name: 'marker.pdf' }]);
      expect(answer.status).toBe(200);
      const result = await server.download(answer.body.Files?.[0]?.Url ?? '');
      // The marker is really in the result (so the scan below could find it)...
      expect(result.includes(MARKER)).toBe(true);
      const uploaded = await server.download(
        `/api/d/${((await upload.json()) as { FileId: string }).FileId}`,
      );
      expect(uploaded.equals(pdf)).toBe(true);
      // ...and in no file under the data folder, in any encoding a copy could take.
      const files = await allFiles(server.dataDir);
      expect(files.some((file) => file.endsWith('.enc'))).toBe(true);
      for (const file of files) {
        const bytes = await readFile(file);
        expect(bytes.includes(MARKER), file).toBe(false);
        expect(bytes.includes(Buffer.from(MARKER, 'utf16le')), file).toBe(false);
        expect(bytes.includes(Buffer.from(MARKER).toString('base64').slice(0, 24)), file).toBe(false);
      }
      const keyFile = await stat(join(server.dataDir, 'keys', 'storage.key'));
      expect(keyFile.mode & 0o777).toBe(0o600);
      expect((await stat(join(server.dataDir, 'keys', 'jwt.json'))).mode & 0o777).toBe(0o600);
    } finally {
      await server.close();
    }
  });

  it('round-trips large streams and detects tampering and truncation', async () => {
    const key = Buffer.alloc(32, 7);
    const plain = Buffer.alloc(300_000);
    for (let i = 0; i < plain.length; i++) plain[i] = (i * 31) % 251;
    const sealed = await buffer(
      Readable.from([plain.subarray(0, 1000), plain.subarray(1000)]).pipe(createEncryptStream(key)),
    );
    expect(sealed.includes(plain.subarray(5000, 5032))).toBe(false);
    expect((await buffer(Readable.from([sealed]).pipe(createDecryptStream(key)))).equals(plain)).toBe(true);

    const tampered = Buffer.from(sealed);
    tampered[2000] = (tampered[2000] ?? 0) ^ 1;
    await expect(buffer(Readable.from([tampered]).pipe(createDecryptStream(key)))).rejects.toThrow();
    const cut = sealed.subarray(0, 12 + 5 + 65536 + 16);
    await expect(buffer(Readable.from([cut]).pipe(createDecryptStream(key)))).rejects.toThrow(/truncated/);
    await expect(
      buffer(Readable.from([sealed]).pipe(createDecryptStream(Buffer.alloc(32, 8)))),
    ).rejects.toThrow();
  });

  it('seals bytes held in memory in the streamed format, at every record boundary', async () => {
    const key = Buffer.alloc(32, 9);
    for (const size of [0, 1, 65_535, 65_536, 65_537, 2 * 65_536, 2 * 1024 * 1024 + 3]) {
      const plain = Buffer.alloc(size);
      for (let i = 0; i < size; i++) plain[i] = (i * 29) % 253;
      const sealed = encryptBytes(key, plain);
      const streamed = await buffer(Readable.from([plain]).pipe(createEncryptStream(key)));
      // the same layout (header, records, tags) under a fresh nonce prefix of its own
      expect(sealed.length).toBe(streamed.length);
      expect(sealed.subarray(4, 12).equals(streamed.subarray(4, 12))).toBe(false);
      expect((await buffer(Readable.from([sealed]).pipe(createDecryptStream(key)))).equals(plain)).toBe(true);
      if (size > 64) expect(sealed.includes(plain.subarray(size - 64))).toBe(false);
    }
    const sealed = encryptBytes(key, Buffer.alloc(200_000, 1));
    const cut = sealed.subarray(0, 12 + 5 + 65536 + 16);
    await expect(buffer(Readable.from([cut]).pipe(createDecryptStream(key)))).rejects.toThrow(/truncated/);
  });
});

/**
 * The record layout read independently of encryption.ts, from its description: 'DSE1', an 8-byte
 * nonce prefix, then records of flag, length, AES-256-GCM ciphertext and tag, each sealed under the
 * prefix and its counter, with the counter and the flag as additional data.
 */
function openByTheLayout(key: Buffer, sealed: Buffer): Buffer {
  expect(sealed.subarray(0, 4).toString('latin1')).toBe('DSE1');
  const plains: Buffer[] = [];
  let at = 12;
  for (let counter = 0; at < sealed.length; counter++) {
    const [final, length] = [sealed[at], sealed.readUInt32BE(at + 1)];
    const nonce = Buffer.concat([sealed.subarray(4, 12), Buffer.alloc(4)]);
    nonce.writeUInt32BE(counter, 8);
    const aad = Buffer.from([0, 0, 0, 0, final ?? 0]);
    aad.writeUInt32BE(counter, 0);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce).setAAD(aad);
    decipher.setAuthTag(sealed.subarray(at + 5 + length, at + 5 + length + 16));
    plains.push(decipher.update(sealed.subarray(at + 5, at + 5 + length)), decipher.final());
    at += 5 + length + 16;
    expect(final === 1).toBe(at === sealed.length);
  }
  return Buffer.concat(plains);
}

/** `data` in pieces of `size` bytes. */
const piecesOf = (data: Buffer, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

describe('encryption at rest, cut anywhere', () => {
  it('seals and opens in any pieces, as the layout says, from a byte to the whole file', async () => {
    const key = Buffer.alloc(32, 5);
    const record = 65_536;
    for (const size of [0, 1, record - 1, record, record + 1, 3 * record, 2_000_003]) {
      const plain = Buffer.alloc(size);
      for (let i = 0; i < size; i++) plain[i] = (i * 37) % 241;
      const sealed = encryptBytes(key, plain);
      expect(openByTheLayout(key, sealed).equals(plain), `${size}`).toBe(true);
      const pieceSizes = [1, 4_099, record - 3, record + 21, 1024 * 1024, Math.max(1, size + 12 + 21)];
      for (const piece of size > 200_000 ? pieceSizes.slice(2) : pieceSizes) {
        const streamed = await buffer(Readable.from(piecesOf(plain, piece)).pipe(createEncryptStream(key)));
        expect(openByTheLayout(key, streamed).equals(plain), `${size} sealed in ${piece}`).toBe(true);
        const opened = await buffer(Readable.from(piecesOf(sealed, piece)).pipe(createDecryptStream(key)));
        expect(opened.equals(plain), `${size} opened in ${piece}`).toBe(true);
      }
    }
  });

  it('refuses a file cut, grown or altered anywhere, whatever the pieces', async () => {
    const key = Buffer.alloc(32, 6);
    const sealed = encryptBytes(key, Buffer.alloc(3 * 65_536 + 10, 3));
    const open = (data: Buffer, piece: number) =>
      buffer(Readable.from(piecesOf(data, piece)).pipe(createDecryptStream(key)));
    for (const piece of [7, 65_557, 1024 * 1024]) {
      for (const end of [5, 12, 13, 65_560, 65_569, sealed.length - 1])
        await expect(open(sealed.subarray(0, end), piece), `cut at ${end}`).rejects.toThrow();
      await expect(open(Buffer.concat([sealed, sealed.subarray(12, 40)]), piece)).rejects.toThrow();
      for (const at of [0, 11, 12, 16, 65_570, sealed.length - 1]) {
        const altered = Buffer.from(sealed);
        altered[at] = (altered[at] ?? 0) ^ 0x10;
        await expect(open(altered, piece), `byte ${at} altered`).rejects.toThrow();
      }
    }
  });
});

describe('work folders', () => {
  it('gives converters a private folder on tmpfs and removes it when the job ends', async () => {
    const seen: Array<{ dir: string; mode: number; fsType: string }> = [];
    const probe: Converter = {
      ...linearizeConverter,
      endpoint: 'test/to/probe',
      async convert(ctx) {
        const info = await stat(ctx.workDir);
        const fsType = execFileSync('stat', ['-f', '-c', '%T', ctx.workDir], { encoding: 'utf8' }).trim();
        seen.push({ dir: ctx.workDir, mode: info.mode & 0o777, fsType });
        const out = join(ctx.workDir, 'copy.pdf');
        await writeFile(out, await readFile(ctx.files[0]?.path ?? ''));
        return [{ path: out, fileName: 'copy.pdf' }];
      },
    };
    const server = await startTestServer({ converters: [probe] });
    try {
      const answer = await server.convert('test/to/probe', {}, [`${CORPUS_DIR}/pdf/crazyones.pdf`]);
      expect(answer.status).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.dir.startsWith('/dev/shm/')).toBe(true);
      expect(seen[0]?.fsType).toBe('tmpfs');
      expect(seen[0]?.mode).toBe(0o700);
      await expect(stat(seen[0]?.dir ?? '')).rejects.toThrow(/ENOENT/);
    } finally {
      await server.close();
    }
  });
});

describe('retention', () => {
  it('the sweeper deletes files past their retention', async () => {
    const server = await startTestServer({ retentionMinutes: 0.02, sweepIntervalMs: 200 });
    try {
      const FileId = await server.upload('short-lived', 'note.txt');
      expect((await fetch(`${server.apiUrl}/d/${FileId}`)).status).toBe(200);
      expect((await allFiles(join(server.dataDir, 'files'))).length).toBe(1);
      // kept 1.2 s, swept every 0.2 s: gone within moments (polled, as a loaded machine may be slow)
      const status = async () => (await fetch(`${server.apiUrl}/d/${FileId}`)).status;
      await expect.poll(status, { timeout: 10_000, interval: 200 }).toBe(404);
      await expect.poll(() => allFiles(join(server.dataDir, 'files')), { timeout: 10_000 }).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
