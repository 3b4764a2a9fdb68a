/**
 * GET /api/ocr/languages on a running server: every Tesseract language installed on this machine (as
 * Tesseract itself lists them), the spec's 27 first, each under a code the OCR endpoints take; in the
 * OpenAPI document; readable by a listed partner origin.
 */
import { readFile } from 'node:fs/promises';
import { OCR_LANGUAGES } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { readOcrParameters } from '../converters/pdf-ocr';
import { useHttpTestServer } from '../testing';
import { repoCorpusFile, run } from '../testing/pdf-tools';
import { corsAreaOf } from './cors';

const { server } = useHttpTestServer();

interface Listed {
  Code: string;
  Name: string;
  Listed: boolean;
}

async function languages(): Promise<{ response: Response; list: Listed[] }> {
  const response = await fetch(`${server().apiUrl}/ocr/languages`);
  const body = (await response.clone().json()) as { Languages: Listed[] };
  return { response, list: body.Languages };
}

/** Tesseract's own list of installed language models (not `osd`, which finds scripts). */
async function tesseractModels(): Promise<string[]> {
  const listing = await run('tesseract', ['--list-langs']);
  return listing
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((model) => model !== '' && model !== 'osd');
}

describe('GET /api/ocr/languages', () => {
  it("lists every installed language without a token, the spec's 27 first in the spec's order", async () => {
    const { response, list } = await languages();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const models = await tesseractModels();
    expect(list).toHaveLength(models.length);
    const listed = list.filter((entry) => entry.Listed);
    expect(list.slice(0, listed.length)).toEqual(listed);
    // this machine has all of the spec's 27 (install-engines.sh), so they come first, in order
    expect(listed.map((entry) => entry.Code)).toEqual(OCR_LANGUAGES.map((choice) => choice.value));
    const others = list.slice(listed.length);
    expect(others.map((entry) => entry.Name)).toEqual(
      others.map((entry) => entry.Name).sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(others).toContainEqual({ Code: 'fr', Name: 'French', Listed: false });
    expect(others).toContainEqual({ Code: 'cs', Name: 'Czech', Listed: false });
    expect(others).toContainEqual({ Code: 'sr-latn', Name: 'Serbian (Latin)', Listed: false });
  });

  it('gives each language a code pdf/to/ocr and pdf/to/txt take, naming its own model', async () => {
    const { list } = await languages();
    const models = new Set<string>();
    for (const { Code } of list) {
      const reading = readOcrParameters({ Language: Code });
      expect(reading.ok, Code).toBe(true);
      if (reading.ok) models.add(reading.params.model);
    }
    expect([...models].sort()).toEqual((await tesseractModels()).sort());
  });

  it('reads a French scan with the listed French code', async () => {
    const { list } = await languages();
    const french = list.find((entry) => entry.Name === 'French');
    const answer = await server().convert('pdf/to/txt', { Language: french?.Code ?? '', StoreFile: 'true' }, [
      repoCorpusFile('pdf-scanned/francais.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const text = (await server().download(answer.body.Files?.[0]?.Url ?? ''))
      .toString('utf8')
      .normalize('NFC');
    for (const word of ['bûches', 'ambiguë', 'œuvre']) expect(text).toContain(word);
    expect(text.replace(/\s+/g, ' ')).toContain(
      (await readFile(repoCorpusFile('pdf-scanned/francais.expected.txt'), 'utf8')).split('\n')[0]?.trim(),
    );
  });

  it('is in the OpenAPI document, and the OCR Language field points to it instead of a closed list', async () => {
    const document = (await (await fetch(`${server().apiUrl}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            requestBody?: {
              content: Record<
                string,
                {
                  schema: {
                    properties?: Record<
                      string,
                      { enum?: string[]; examples?: string[]; description?: string }
                    >;
                  };
                }
              >;
            };
          }
        >
      >;
    };
    expect(document.paths['/ocr/languages']?.get?.operationId).toBe('listOcrLanguages');
    for (const endpoint of ['/convert/pdf/to/ocr', '/convert/pdf/to/txt']) {
      const language =
        document.paths[endpoint]?.post?.requestBody?.content['multipart/form-data']?.schema.properties
          ?.Language;
      expect(language?.enum).toBeUndefined();
      expect(language?.examples).toContain('zh-cn');
      expect(language?.description).toContain('GET /ocr/languages');
    }
  });

  it('is open to listed partner origins like the other SDK calls', () => {
    expect(corsAreaOf('/api/ocr/languages')).toBe('api');
  });
});
