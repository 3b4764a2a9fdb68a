/**
 * POST /api/redact/preview on a real server with the real engines: the boxes it answers cover the words
 * poppler (`pdftotext -bbox`, a reader independent of MuPDF) finds for the personal data, leave
 * ordinary words alone, follow a page's /Rotate, take a FileId like convert, and refuse what convert
 * refuses. No file is produced and no found text is answered.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { PreviewBox, RedactionPreview } from '../converters/pdf-redact';
import { type PopplerWord, readPopplerWords } from '../converters/pdf-redact/poppler-words';
import { scannedReportPdf } from '../converters/pdf-redact/scanned-report.testing';
import { ORDINARY_TEXT, SEEDED_PII, seededPiiPdf } from '../converters/pdf-redact/seeded-pii.testing';
import { useHttpTestServer } from '../testing';
import { corpusFile, run } from '../testing/pdf-tools';
import { readAnswer, startTestServer } from '../testing/test-server';

const { server, dir } = useHttpTestServer();

type PreviewAnswer = RedactionPreview & { Code?: number; InvalidParameters?: Record<string, string[]> };

async function preview(fields: Record<string, string>, file?: string | Blob, token?: string | null) {
  const form = new FormData();
  if (typeof file === 'string') {
    form.append('File', new Blob([await readFile(file)]), file.split('/').pop());
  } else if (file) form.append('File', file, 'upload.png');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers = new Headers();
  if (token !== null) headers.set('authorization', `Bearer ${token ?? (await server().anonymousToken())}`);
  const response = await fetch(`${server().apiUrl}/redact/preview`, { method: 'POST', body: form, headers });
  const { status, body } = await readAnswer(response);
  // The dry run's answer, or the contract's error body.
  return { status, body: body as unknown as PreviewAnswer };
}

const words = async (path: string) =>
  readPopplerWords(path, { timeoutMs: 30_000, signal: new AbortController().signal });

/** A word is covered when its centre lies inside one of the boxes (1 pt of slack for rounding). */
const covers = (boxes: readonly PreviewBox[], { box: [x0, y0, x1, y1] }: PopplerWord): boolean => {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return boxes.some(
    (b) => cx >= b.X - 1 && cx <= b.X + b.Width + 1 && cy >= b.Y - 1 && cy <= b.Y + b.Height + 1,
  );
};

const bare = (text: string): string => text.replace(/[,.:]$/, '');

/** Every run of consecutive poppler words that spells `value` (trailing punctuation aside). */
const occurrences = (all: readonly PopplerWord[], value: string): PopplerWord[][] => {
  const parts = value.split(/\s+/).map(bare);
  const runs: PopplerWord[][] = [];
  for (let start = 0; start + parts.length <= all.length; start++) {
    const run = all.slice(start, start + parts.length);
    if (run.every((word, index) => bare(word.text) === parts[index])) runs.push(run);
  }
  return runs;
};

/**
 * The seeded form field's widget (seeded-pii.testing.ts, in top-left points): the redaction removes
 * form fields whole when it scrubs the file, so the text its appearance shows gets no box.
 */
const inFormField = ({ box: [x0, y0] }: PopplerWord): boolean => x0 >= 400 && y0 >= 730;

describe('POST /api/redact/preview', () => {
  it('answers boxes over the words of every seeded item, none over ordinary text, and stores nothing', async () => {
    const source = join(dir(), 'record.pdf');
    await seededPiiPdf(source);
    const filesBefore = await readdir(join(server().dataDir, 'files')).catch(() => []);
    const answer = await preview({ Preset: 'gdpr' }, source);
    expect(answer.status).toBe(200);
    const [page] = answer.body.Pages;
    expect(answer.body.Pages).toHaveLength(1);
    expect([page?.Page, page?.Width, page?.Height]).toEqual([1, 612, 792]);
    const boxes = page?.Boxes ?? [];
    expect(answer.body.Boxes).toBe(boxes.length);
    const [poppler] = await words(source);
    const all = poppler?.words ?? [];
    const found = SEEDED_PII.map(({ value }) =>
      occurrences(all, value).filter((run) => !run.some(inFormField)),
    );
    expect(found.filter((runs) => runs.length === 0)).toEqual([]);
    const uncovered = found
      .flat(2)
      .filter((word) => !covers(boxes, word))
      .map((word) => word.text);
    expect(uncovered).toEqual([]);
    // Ordinary sentences stay clear (their words are all outside every box).
    const ordinaryWords = ORDINARY_TEXT.slice(0, 3).flatMap((sentence) =>
      all.filter((word) => sentence.split(' ').includes(word.text)),
    );
    expect(ordinaryWords.length).toBeGreaterThan(20);
    expect(ordinaryWords.filter((word) => covers(boxes, word)).map((word) => word.text)).toEqual([]);
    for (const kind of ['email', 'ssn', 'phone', 'creditCard', 'iban', 'personName'])
      expect(boxes.some((box) => box.Kind === kind)).toBe(true);
    // The answer names kinds, never the text found.
    const text = JSON.stringify(answer.body);
    expect(SEEDED_PII.filter(({ value }) => text.includes(value))).toEqual([]);
    expect(await readdir(join(server().dataDir, 'files')).catch(() => [])).toEqual(filesBefore);
  });

  it("follows a page's /Rotate: boxes are where the reader sees the words", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Write to ann.lee@example.com today.', { x: 72, y: 700, size: 14, font });
    page.drawText('Nothing else here.', { x: 72, y: 200, size: 14, font });
    const upright = join(dir(), 'upright.pdf');
    await writeFile(upright, await doc.save());
    const turned = join(dir(), 'turned.pdf');
    await run('qpdf', [upright, '--rotate=+90', turned]);
    const answer = await preview({ Preset: 'auto' }, turned);
    expect(answer.status).toBe(200);
    const [only] = answer.body.Pages;
    expect([only?.Width, only?.Height]).toEqual([792, 612]);
    const [poppler] = await words(turned);
    const email = poppler?.words.find((word) => word.text.includes('ann.lee@example.com'));
    const other = poppler?.words.find((word) => word.text === 'Nothing');
    expect(email && covers(only?.Boxes ?? [], email)).toBe(true);
    expect(other && covers(only?.Boxes ?? [], other)).toBe(false);
  });

  it('reads scanned pages by OCR: the boxes cover the scanned words of the name and record number on every page', async () => {
    const source = join(dir(), 'scanned-report.pdf');
    await scannedReportPdf(source, dir());
    const answer = await preview({ Preset: 'hipaa' }, source);
    expect(answer.status).toBe(200);
    expect(answer.body.OcrPages).toEqual([1, 2, 3]);
    // The scan's text version (the same page geometry) tells where its words are.
    const pages = await words(join(dir(), 'report-text.pdf'));
    const uncovered = pages.flatMap((page, index) => {
      const boxes = answer.body.Pages[index]?.Boxes ?? [];
      return page.words
        .filter((word) => ['Maria', 'Lopez', 'LOPEZ,', 'MARIA', '44172209'].includes(word.text))
        .filter((word) => !covers(boxes, word))
        .map((word) => `page ${index + 1}: ${word.text}`);
    });
    expect(pages.flatMap((page) => page.words).filter((word) => word.text === '44172209')).toHaveLength(3);
    expect(uncovered).toEqual([]);
    const measurement = pages[0]?.words.find((word) => word.text === '97.8-99.1');
    expect(measurement && covers(answer.body.Pages[0]?.Boxes ?? [], measurement)).toBe(false);
  });

  it('finds RedactionTerms under the manual preset, from a FileId uploaded first', async () => {
    const source = join(dir(), 'record-terms.pdf');
    await seededPiiPdf(source);
    const FileId = await server().upload(await readFile(source), 'r.pdf', 'application/pdf');
    const answer = await preview({ File: FileId, Preset: 'manual', RedactionTerms: 'Evergreen, budget' });
    expect(answer.status).toBe(200);
    const boxes = answer.body.Pages[0]?.Boxes ?? [];
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(boxes.map((box) => box.Kind))).toEqual(new Set(['term']));
    const [poppler] = await words(source);
    for (const term of ['Evergreen', 'budget']) {
      const word = poppler?.words.find((w) => w.text === term);
      expect(word && covers(boxes, word)).toBe(true);
    }
    // An email the manual preset was not asked for stays clear.
    const email = poppler?.words.find((w) => w.text === 'jonathan.whitfield@example.com');
    expect(email && covers(boxes, email)).toBe(false);
  });

  it('refuses what convert refuses: no token, bad parameters, a non-PDF, damaged and locked files, unknown FileIds', async () => {
    const crazyones = corpusFile('pdf/crazyones.pdf');
    expect((await preview({}, crazyones, null)).status).toBe(401);
    const manual = await preview({ Preset: 'manual' }, crazyones);
    expect([manual.status, Object.keys(manual.body.InvalidParameters ?? {})]).toEqual([
      400,
      ['RedactionTerms'],
    ]);
    const png = await preview({}, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0])]));
    expect(png.status).toBe(415);
    const damaged = await preview({}, corpusFile('pdf-malformed/invalid.pdf'));
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
    const locked = await preview({}, corpusFile('pdf-encrypted/r6-both-passwords.pdf'));
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
    const unknown = await preview({ File: 'AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect([unknown.status, unknown.body.Code]).toEqual([404, 5009]);
  });

  it("never reads another user's file when files are bound to their owners (DOWNLOADS_REQUIRE_OWNER)", async () => {
    const bound = await startTestServer({ downloadsRequireOwner: true });
    try {
      const source = join(dir(), 'owned.pdf');
      await seededPiiPdf(source);
      const uploaded = await bound.request('/api/upload?filename=owned.pdf', {
        method: 'POST',
        body: await readFile(source),
      });
      const { FileId } = (await uploaded.json()) as { FileId: string };
      const ask = async (token: string) => {
        const form = new FormData();
        form.append('File', FileId);
        const response = await fetch(`${bound.apiUrl}/redact/preview`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
        return [response.status, ((await response.json()) as { Code?: number; Boxes?: number }).Code ?? 'ok'];
      };
      expect(await ask(await bound.anonymousToken())).toEqual([200, 'ok']);
      expect(await ask(await bound.accountToken())).toEqual([404, 5009]);
    } finally {
      await bound.close();
    }
  });

  it("answers 413 from a Content-Length over the redaction's limit, before reading the body", async () => {
    const { hostname, port } = new URL(server().baseUrl);
    const token = await server().anonymousToken();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      // 10 GB announced, none of it sent: the answer can only come from the header.
      socket.write(
        `POST /api/redact/preview HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`,
      );
    });
    expect(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]).toBe('413');
    expect(answer).toContain('"Code":4130');
  });
});
