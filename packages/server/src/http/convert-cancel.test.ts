/**
 * Cancel over real HTTP with the real OCR engine: a client that aborts its request while tesseract
 * works ends the job (the queue runs nothing afterwards) and /metrics counts it as aborted, not as a
 * failure or a success.
 */
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../testing';
import { corpusFile } from '../testing/pdf-tools';

const { server } = useHttpTestServer();

const metrics = async (): Promise<string> => (await fetch(`${server().apiUrl}/metrics`)).text();
const running = async (): Promise<string | undefined> =>
  (await metrics()).match(/docstudio_queue_jobs\{state="running"\} (\d+)/)?.[1];

describe('cancelling a conversion', () => {
  it('aborts the OCR engine when the client goes away and counts the job as aborted', async () => {
    const client = new AbortController();
    const request = server()
      .convert('pdf/to/ocr', { Language: 'en' }, [corpusFile('pdf-scanned/multipage.pdf')], {
        signal: client.signal,
      })
      .catch((error: unknown) => error);
    // Cancel only once the engine has the job, as a person pressing Cancel mid-way would.
    await expect.poll(running, { timeout: 60_000, interval: 100 }).toBe('1');
    client.abort();
    expect(await request).toMatchObject({ name: 'AbortError' });

    await expect.poll(running, { timeout: 60_000, interval: 200 }).toBe('0');
    const text = await metrics();
    expect(text).toMatch(/docstudio_conversions_total\{converter="pdf\/to\/ocr",outcome="aborted"\} 1/);
    expect(text).not.toMatch(/converter="pdf\/to\/ocr",outcome="(success|failure)"/);
  });
});
