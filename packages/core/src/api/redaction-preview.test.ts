import { describe, expect, it } from 'vitest';
import { getTool } from '../catalogue';
import { ConversionClient } from './conversion.client';
import { ConversionError } from './conversion.errors';
import type { HttpAnswer, HttpRequest } from './http.transport';

const redact = getTool('pdf-redact');

function clientAnswering(answer: HttpAnswer) {
  const sent: { request: HttpRequest; fields: FormData }[] = [];
  const client = new ConversionClient({
    apiUrl: 'https://api.example.test/v2/',
    token: 'user-token',
    transport: async (request) => {
      const fields = await new Response(request.body ?? '', {
        headers: { 'Content-Type': request.headers['Content-Type'] ?? '' },
      }).formData();
      sent.push({ request, fields });
      return answer;
    },
  });
  return { client, sent };
}

const ok = (body: unknown): HttpAnswer => ({
  status: 200,
  statusText: 'OK',
  ok: true,
  bodyText: JSON.stringify(body),
});

describe('ConversionClient.previewRedaction', () => {
  it("posts the redaction's own form to {apiUrl}/redact/preview and reads the boxes in camelCase", async () => {
    const { client, sent } = clientAnswering(
      ok({
        Pages: [
          {
            Page: 1,
            Width: 612,
            Height: 792,
            Boxes: [
              { X: 72, Y: 100, Width: 150, Height: 12, Kind: 'email' },
              { X: 10, Y: 10, Width: 0, Height: 12, Kind: 'ssn' },
            ],
          },
          { Page: 2, Width: 792, Height: 612, Boxes: [] },
        ],
        Boxes: 2,
        OcrPages: [2],
      }),
    );
    const file = new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' });
    const preview = await client.previewRedaction(
      redact,
      { Preset: 'gdpr', RedactionTerms: 'Acme' },
      { files: [file] },
    );
    const [only] = sent;
    expect(only?.request.url).toBe('https://api.example.test/v2/redact/preview');
    expect(only?.request.headers.Authorization).toBe('Bearer user-token');
    expect((only?.fields.get('File') as File | null)?.name).toBe('letter.pdf');
    expect(only?.fields.get('Preset')).toBe('gdpr');
    expect(only?.fields.get('RedactionColor')).toBe('#000000');
    expect(preview).toEqual({
      pages: [
        {
          page: 1,
          width: 612,
          height: 792,
          boxes: [{ x: 72, y: 100, width: 150, height: 12, kind: 'email' }],
        },
        { page: 2, width: 792, height: 612, boxes: [] },
      ],
      // A box without area is no box: the count is of what is drawn.
      boxes: 1,
      ocrPages: [2],
    });
  });

  it('sends a handed-over result by its FileId, and reads refusals as ConversionErrors', async () => {
    const { client, sent } = clientAnswering({
      status: 400,
      statusText: 'Bad Request',
      ok: false,
      bodyText: JSON.stringify({
        Code: 4000,
        Message: 'Parameter validation error',
        InvalidParameters: { RedactionTerms: ['Please enter the words or patterns to redact.'] },
      }),
    });
    const refused = client.previewRedaction(
      redact,
      { Preset: 'manual' },
      { files: [{ fileId: 'stored-id', url: 'https://api.example.test/v2/d/stored-id/a.pdf' }] },
    );
    await expect(refused).rejects.toBeInstanceOf(ConversionError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect(sent[0]?.fields.get('File')).toBe('stored-id');
  });

  it('an OK answer without Pages is a ConversionError, not a crash', async () => {
    const { client } = clientAnswering({ status: 200, statusText: 'OK', ok: true, bodyText: '<html>' });
    await expect(client.previewRedaction(redact, {}, { files: [new File(['x'], 'a.pdf')] })).rejects.toThrow(
      'Preview failed: the server answer has no Pages',
    );
  });
});
