import { describe, expect, it } from 'vitest';
import { ConversionClient } from './conversion.client';
import { ConversionError } from './conversion.errors';
import type { HttpAnswer, HttpRequest } from './http.transport';

function clientAnswering(answer: HttpAnswer) {
  const sent: HttpRequest[] = [];
  const client = new ConversionClient({
    apiUrl: 'https://api.example.test/v2/',
    token: 'user-token',
    transport: async (request) => {
      sent.push(request);
      return answer;
    },
  });
  return { client, sent };
}

describe('ConversionClient.listOcrLanguages', () => {
  it('asks {apiUrl}/ocr/languages without the token and reads the languages as choices', async () => {
    const { client, sent } = clientAnswering({
      status: 200,
      statusText: 'OK',
      ok: true,
      bodyText: JSON.stringify({
        Languages: [
          { Code: 'en', Name: 'English', Listed: true },
          { Code: 'fr', Name: 'French', Listed: false },
          { Code: '', Name: 'nameless code', Listed: false },
          { Name: 'no code' },
        ],
      }),
    });
    expect(await client.listOcrLanguages()).toEqual([
      { value: 'en', label: 'English', listed: true },
      { value: 'fr', label: 'French', listed: false },
    ]);
    expect(sent[0]?.url).toBe('https://api.example.test/v2/ocr/languages');
    expect(sent[0]?.method).toBe('GET');
    // a public list: the user's token is not sent along
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it("throws on an API without the list (the provider's 404) and on an answer without Languages", async () => {
    const missing = clientAnswering({
      status: 404,
      statusText: 'Not Found',
      ok: false,
      bodyText: JSON.stringify({ Code: 4040, Message: 'Not found' }),
    });
    await expect(missing.client.listOcrLanguages()).rejects.toBeInstanceOf(ConversionError);
    const odd = clientAnswering({ status: 200, statusText: 'OK', ok: true, bodyText: '<html>' });
    await expect(odd.client.listOcrLanguages()).rejects.toThrow('no Languages');
  });
});
