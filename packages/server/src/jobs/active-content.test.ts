/**
 * Active content through the real server: every tool that outputs a PDF answers without the input's
 * JavaScript, Launch action and embedded program (qpdf reads the results), unless KeepActiveContent=true.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEngine } from '../engines/run-engine';
import { activeContentIn, pdfWithActiveContent } from '../testing/active-content-pdf';
import { useHttpTestServer } from '../testing/http-test-server';

const { server, dir, save } = useHttpTestServer();
let hostile: string;
let hostileLocked: string;

beforeAll(async () => {
  hostile = join(dir(), 'hostile.pdf');
  await writeFile(hostile, await pdfWithActiveContent(3));
  hostileLocked = join(dir(), 'hostile-locked.pdf');
  await runEngine('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', hostile, hostileLocked], {
    timeoutMs: 30_000,
  });
});

const CLEAN = { javaScript: false, launch: false, attachments: ['factur-x.xml'] };

const tools: Array<{
  endpoint: string;
  fields: Record<string, string>;
  twoFiles?: boolean;
  locked?: boolean;
}> = [
  { endpoint: 'pdf/to/rotate', fields: { RotatePage: '90' } },
  { endpoint: 'pdf/to/compress', fields: {} },
  { endpoint: 'pdf/to/split', fields: { SplitByPattern: '2' } },
  { endpoint: 'pdf/to/merge', fields: {}, twoFiles: true },
  { endpoint: 'pdf/to/watermark', fields: { Text: 'DRAFT' } },
  { endpoint: 'pdf/to/unprotect', fields: { Password: 'secret' }, locked: true },
  { endpoint: 'pdf/to/ocr', fields: { Language: 'en' } },
];

describe('active content is dropped by default', () => {
  for (const tool of tools) {
    it(`${tool.endpoint}: no JavaScript, no Launch, no embedded program`, async () => {
      const input = tool.locked ? hostileLocked : hostile;
      const answer = await server().convert(
        tool.endpoint,
        tool.fields,
        tool.twoFiles ? [input, input] : [input],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.Files?.length).toBeGreaterThan(0);
      for (const file of answer.body.Files ?? []) {
        const found = await activeContentIn(await save(file));
        expect(found.javaScript).toBe(false);
        expect(found.launch).toBe(false);
        expect(found.attachments).not.toContain('tool.exe');
      }
    }, 120_000);
  }

  it('pdf/to/protect cleans the document before it encrypts it', async () => {
    const answer = await server().convert('pdf/to/protect', { UserPassword: 'open sesame' }, [hostile]);
    expect(answer.status).toBe(200);
    const found = await activeContentIn(await save(answer.body.Files?.[0]), 'open sesame');
    expect(found).toEqual(CLEAN);
  });

  it('a harmless attachment (an e-invoice XML) stays', async () => {
    const answer = await server().convert('pdf/to/rotate', { RotatePage: '180' }, [hostile]);
    expect(await activeContentIn(await save(answer.body.Files?.[0]))).toEqual(CLEAN);
  });
});

describe('KeepActiveContent=true', () => {
  for (const endpoint of ['pdf/to/rotate', 'pdf/to/watermark']) {
    it(`${endpoint} keeps the scripts, the Launch action and the program`, async () => {
      const fields: Record<string, string> =
        endpoint === 'pdf/to/rotate' ? { RotatePage: '90' } : { Text: 'DRAFT' };
      const answer = await server().convert(endpoint, { ...fields, KeepActiveContent: 'true' }, [hostile]);
      expect(answer.status).toBe(200);
      const found = await activeContentIn(await save(answer.body.Files?.[0]));
      expect(found.javaScript).toBe(true);
      expect(found.launch).toBe(true);
      expect(found.attachments).toContain('tool.exe');
    });
  }

  it('any other value is a 400 naming the parameter', async () => {
    const answer = await server().convert('pdf/to/rotate', { RotatePage: '90', KeepActiveContent: 'maybe' }, [
      hostile,
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.InvalidParameters).toEqual({
      KeepActiveContent: ['KeepActiveContent must be true or false.'],
    });
  });
});
