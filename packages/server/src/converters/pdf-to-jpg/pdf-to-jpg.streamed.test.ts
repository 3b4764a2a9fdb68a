/**
 * pdf/to/jpg answered as a stream (`Accept: application/x-ndjson`, http/streamed-answer.ts): each page
 * is stored and sent as soon as it is rendered, the answer comes last, and a failure after the first
 * page is the last line; an Async job lists the pages stored so far beside its 202. What a client streaming the answer would check: the lines arrive while the
 * conversion still runs, each Url downloads its JPEG, and the last line is the usual answer.
 */
import { readFile } from 'node:fs/promises';
import { ConversionClient } from '@docstudio/core';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile } from '../../testing/pdf-tools';

const { server } = useHttpTestServer();

interface Line {
  Index?: number;
  File?: { FileName: string; FileSize: number; Url: string };
  Files?: Array<{ FileName: string; Url: string }>;
  Status?: number;
  Code?: number;
  Message?: string;
}

/** Posts `file` to pdf/to/jpg asking for the stream; the lines with the time each arrived, and when it was sent. */
async function streamJpg(file: string | Blob, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('File', typeof file === 'string' ? new Blob([await readFile(file)]) : file, 'book.pdf');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const sent = performance.now();
  const response = await server().request('/api/convert/pdf/to/jpg', {
    method: 'POST',
    headers: { accept: 'application/x-ndjson' },
    body: form,
  });
  const lines: Array<{ line: Line; at: number }> = [];
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      lines.push({ line: JSON.parse(pending.slice(0, end)) as Line, at: performance.now() });
      pending = pending.slice(end + 1);
    }
  }
  return { response, lines, rest: pending, sent };
}

describe('POST /convert/pdf/to/jpg with Accept: application/x-ndjson', () => {
  it('sends each page as it is stored, then the answer, on a 117-page book', async () => {
    const { response, lines, rest, sent } = await streamJpg(corpusFile('pdf/GeoTopo-komprimiert.pdf'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(rest).toBe('');
    const pages = lines.slice(0, -1).map(({ line }) => line);
    const last = lines.at(-1)?.line;
    // one line per page, every index once, then the answer listing the same files in page order
    expect(pages.map((page) => page.Index).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 117 }, (_, index) => index),
    );
    expect(last?.Files).toHaveLength(117);
    for (const page of pages) expect(last?.Files?.[page.Index ?? -1]?.Url).toBe(page.File?.Url);
    // the first page came while the book was still rendering, long before the answer (not in one
    // burst at the end)
    const first = lines[0]?.at ?? 0;
    const end = lines.at(-1)?.at ?? 0;
    expect(end - first).toBeGreaterThan((end - sent) / 2);
    // a streamed page is a real JPEG of the size it announced, downloadable at once
    const firstPage = pages.find((page) => page.Index === 0)?.File;
    const jpeg = await server().download(firstPage?.Url ?? '');
    expect(jpeg.length).toBe(firstPage?.FileSize);
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
  }, 180_000);

  it("hands each page to the SDK's ConversionClient (onFile) before the conversion ends", async () => {
    const client = new ConversionClient({
      apiUrl: `${server().baseUrl}/api`,
      token: await server().anonymousToken(),
      fetch: (input, init) => fetch(input, init),
    });
    const handed: Array<{ index: number; url: string; before: boolean }> = [];
    let ended = false;
    const result = await client
      .convert(
        {
          endpoint: 'pdf/to/jpg',
          fields: [
            [
              'File',
              {
                blob: new Blob([await readFile(corpusFile('pdf/pdflatex-4-pages.pdf'))]),
                fileName: 'four.pdf',
              },
            ],
          ],
        },
        { onFile: (file, index) => handed.push({ index, url: file.url, before: !ended }) },
      )
      .finally(() => {
        ended = true;
      });
    expect(handed.map(({ index }) => index).sort()).toEqual([0, 1, 2, 3]);
    expect(handed.every(({ before }) => before)).toBe(true);
    for (const { index, url } of handed) expect(result.files[index]?.url).toBe(url);
    expect(result.files.map((file) => file.fileName)).toEqual([1, 2, 3, 4].map((n) => `four-${n}.jpg`));
  });

  it('lists the pages stored so far beside the 202 of an Async job, then every page in its answer', async () => {
    const form = new FormData();
    form.set('File', new Blob([await readFile(corpusFile('pdf/GeoTopo-komprimiert.pdf'))]), 'book.pdf');
    form.set('Async', 'true');
    const started = await server().request('/api/convert/pdf/to/jpg', { method: 'POST', body: form });
    expect(started.status).toBe(202);
    const { JobId } = (await started.json()) as { JobId: string };
    const partial: Array<Array<{ FileName: string; Url: string }>> = [];
    let done: Line | undefined;
    while (!done) {
      const polled = await server().request(`/api/job/${JobId}`);
      const body = (await polled.json()) as Line & { Status?: string };
      if (polled.status === 200) done = body;
      else if (body.Files) partial.push(body.Files);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // seen while running: some pages, not all, in page order, each a JPEG already
    const seen = partial.find((files) => files.length < 117);
    expect(seen?.length).toBeGreaterThan(0);
    const names = seen?.map((file) => file.FileName) ?? [];
    expect(names).toEqual([...names].sort());
    const early = await server().download(seen?.[0]?.Url ?? '');
    expect((await sharp(early).metadata()).format).toBe('jpeg');
    expect(done.Files).toHaveLength(117);
  }, 180_000);

  it('stops the job when the client leaves mid-stream, and counts it as aborted', async () => {
    const form = new FormData();
    form.set('File', new Blob([await readFile(corpusFile('pdf/GeoTopo-komprimiert.pdf'))]), 'book.pdf');
    const leave = new AbortController();
    const response = await server().request('/api/convert/pdf/to/jpg', {
      method: 'POST',
      headers: { accept: 'application/x-ndjson' },
      body: form,
      signal: leave.signal,
    });
    await response.body?.getReader().read(); // the first page's line
    leave.abort();
    await expect
      .poll(async () => (await server().request('/api/metrics')).text(), { timeout: 60_000 })
      .toMatch(/docstudio_conversions_total\{converter="pdf\/to\/jpg",outcome="aborted"\} 1/);
    expect((await server().request('/api/healthz')).status).toBe(200);
  }, 120_000);

  it('answers the usual JSON error when the conversion fails before any page (no stream)', async () => {
    const { response, lines } = await streamJpg(corpusFile('pdf-malformed/invalid.pdf'));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(lines).toHaveLength(0);
  });

  it('ends with the error line when the time runs out after the first pages were sent', async () => {
    // page 1 renders at once; the 40 pages after it (one slow drawing shared as a form XObject, so
    // the file stays small) take MuPDF far longer than the 10 s Timeout
    const slow = await PDFDocument.create();
    const drawing = slow.addPage([612, 792]);
    for (let i = 0; i < 12_000; i++) {
      const color = rgb((i % 7) / 7, (i % 5) / 5, (i % 3) / 3);
      drawing.drawEllipse({
        x: (i * 37) % 612,
        y: (i * 53) % 792,
        xScale: 40,
        yScale: 25,
        color,
        opacity: 0.5,
      });
    }
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText('Page one renders at once.', { x: 72, y: 700, size: 18 });
    const shared = await pdf.embedPage(drawing);
    for (let page = 0; page < 40; page++) pdf.addPage([612, 792]).drawPage(shared);
    const bytes = await pdf.save();
    const { response, lines } = await streamJpg(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      Dpi: '300',
      Timeout: '10',
    });
    expect(response.status).toBe(200);
    expect(lines[0]?.line.Index).toBe(0);
    expect(lines.length).toBeLessThan(41);
    const last = lines.at(-1)?.line;
    expect([last?.Status, last?.Code]).toEqual([504, 5000]);
    expect(last?.Files).toBeUndefined();
    // what was sent stays downloadable: the pages done before the time ran out are the user's
    const done = await server().download(lines[0]?.line.File?.Url ?? '');
    expect((await sharp(done).metadata()).format).toBe('jpeg');
  }, 120_000);
});
