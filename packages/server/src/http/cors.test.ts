/**
 * CORS over real HTTP, as a partner page's browser would ask: the module script under /elements/
 * (public code: `*` for every origin), the preflight of an API call with a bearer token, the call
 * itself and its error answers; an origin that is not listed (its preflight refused, its simple
 * requests refused with a 403 it can read, naming CORS_ORIGINS), '*', the default (same-origin only)
 * and the sign-in site that never gets CORS.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { readAnswer, startTestServer, type TestServer } from '../testing/test-server';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
const partner = 'https://partner.example';
const stranger = 'https://stranger.example';
const elementSource = 'customElements.define("docstudio-test", class extends HTMLElement {});\n';

let staticDir: string;

beforeAll(async () => {
  // A built studio of one element module (the studio build is not needed to test its headers).
  staticDir = await mkdtemp(join(tmpdir(), 'docstudio-cors-static-'));
  await mkdir(join(staticDir, 'elements'));
  await writeFile(join(staticDir, 'elements', 'docstudio-test.js'), elementSource);
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>studio</title>');
});
afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

const preflight = (server: TestServer, path: string, origin: string, method = 'POST') =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

const getFrom = (server: TestServer, path: string, origin: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { origin } });

/** A request as a browser sends it from a page of another site: no preflight needed (a simple GET). */
const simpleFrom = (server: TestServer, path: string, origin: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { origin, 'sec-fetch-site': 'cross-site' } });

const refusalOf = (origin: string) => ({
  Code: 4030,
  Message: `The origin ${origin} may not use this server from its pages. The server's CORS_ORIGINS must list it.`,
});

/** The refusal a page of an unlisted origin can read: its own origin allowed on this answer only. */
async function expectReadableRefusal(answer: Response, origin: string): Promise<void> {
  const refused = await readAnswer(answer);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual(refusalOf(origin));
  expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
  expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
  expect(refused.headers.get('vary')).toMatch(/\bOrigin\b/);
}

function expectNoCors(headers: Headers): void {
  expect(headers.get('access-control-allow-origin')).toBeNull();
  expect(headers.get('access-control-allow-methods')).toBeNull();
  expect(headers.get('access-control-allow-credentials')).toBeNull();
  expect(headers.get('access-control-expose-headers')).toBeNull();
}

describe('CORS for listed partner origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      converters: pipelineConverters,
      staticDir,
      corsOrigins: [partner, 'http://127.0.0.1:9999'],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the element module to the partner page as public code', async () => {
    const answer = await getFrom(server, '/elements/docstudio-test.js', partner);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(elementSource);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers the preflight of a conversion with 204 and what the SDK sends', async () => {
    const answer = await preflight(server, '/api/convert/test/to/linearize', partner);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe(partner);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PATCH, DELETE');
    expect(answer.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Content-Disposition, X-Request-Id',
    );
    expect(Number(answer.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'Content-Disposition, Retry-After, X-Request-Id',
    );
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('answers preflights of every SDK call and of the element files', async () => {
    for (const [path, method] of [
      ['/api/upload', 'POST'],
      ['/api/functions/generate-jwt', 'POST'],
      ['/api/functions/validate-token', 'POST'],
      ['/api/functions/revoke-token', 'POST'],
      ['/api/job/someJob', 'GET'],
      ['/api/d/someFile', 'DELETE'],
      ['/api/workflows/update/someId', 'PATCH'],
    ] as const) {
      const answer = await preflight(server, path, 'http://127.0.0.1:9999', method);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get('access-control-allow-origin'), path).toBe('http://127.0.0.1:9999');
      expect(answer.headers.get('access-control-allow-methods'), path).toContain(method);
    }
    const element = await preflight(server, '/elements/docstudio-test.js', stranger, 'GET');
    expect(element.status).toBe(204);
    expect(element.headers.get('access-control-allow-origin')).toBe('*');
    expect(element.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });

  it('lets the partner mint a token, convert, read the result and download it', async () => {
    const minted = await fetch(`${server.apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { origin: partner, 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'production' }),
    });
    expect(minted.status).toBe(200);
    expect(minted.headers.get('access-control-allow-origin')).toBe(partner);
    const { token } = (await minted.json()) as { token: string };

    const converted = await server.convert('test/to/linearize', {}, [crazyones], {
      token,
      headers: { origin: partner },
    });
    expect(converted.status).toBe(200);
    expect(converted.headers.get('access-control-allow-origin')).toBe(partner);
    expect(converted.headers.get('access-control-expose-headers')).toBe(
      'Content-Disposition, Retry-After, X-Request-Id',
    );
    const url = converted.body.Files?.[0]?.Url ?? '';
    expect(url).toMatch(/\/api\/d\//);

    const download = await fetch(url, { headers: { origin: partner } });
    expect(download.status).toBe(200);
    expect(download.headers.get('access-control-allow-origin')).toBe(partner);
    expect(download.headers.get('content-disposition')).toMatch(/attachment/);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('puts CORS headers on error answers too, so the page can show why a call failed', async () => {
    const unauthorised = await fetch(`${server.apiUrl}/job/unknown`, { headers: { origin: partner } });
    const answer = await readAnswer(unauthorised);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(partner);
    expect(answer.body.Code).toBe(4010);
  });

  it('refuses an unlisted origin: its preflight unreadably, its simple requests readably', async () => {
    const refused = await readAnswer(await preflight(server, '/api/convert/test/to/linearize', stranger));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.body).toEqual(refusalOf(stranger));
    expectNoCors(refused.headers);

    // The element itself is public code: the page gets it, and it can then explain the refusal.
    const element = await getFrom(server, '/elements/docstudio-test.js', stranger);
    expect(element.status).toBe(200);
    expect(element.headers.get('access-control-allow-origin')).toBe('*');

    // What the SDK sends after a failed call: a GET without credentials, which needs no preflight.
    await expectReadableRefusal(await simpleFrom(server, '/api/upload', stranger), stranger);
    // Any call that gets past the browser is refused before it runs: no token is minted.
    const minted = await fetch(`${server.apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { origin: stranger, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      body: JSON.stringify({ environment: 'production' }),
    });
    await expectReadableRefusal(minted, stranger);
    // A look-alike of a listed origin is another origin; an older browser without Sec-Fetch-Site too.
    await expectReadableRefusal(await simpleFrom(server, '/api/job/x', `${partner}.evil`), `${partner}.evil`);
    await expectReadableRefusal(await getFrom(server, '/api/job/x', stranger), stranger);
    // The refusal is for API calls only: the studio's own pages and the sign-in site are not refused.
    expect((await simpleFrom(server, '/', stranger)).status).toBe(200);
  });

  it("never refuses the server's own pages, whatever their Origin header says", async () => {
    const own = new URL(server.baseUrl).origin;
    const sent: Record<string, string>[] = [
      { origin: own, 'sec-fetch-site': 'same-origin' },
      // An older browser: no Sec-Fetch-Site, the Origin is this server's host.
      { origin: own },
    ];
    for (const headers of sent) {
      const answer = await readAnswer(await fetch(`${server.apiUrl}/job/unknown`, { headers }));
      expect(answer.status).toBe(401);
      expectNoCors(answer.headers);
    }
  });

  it('never gives the sign-in site, the studio or the operations routes CORS', async () => {
    const signInPage = await getFrom(server, '/a', partner);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toMatch(/<form/);
    expectNoCors(signInPage.headers);

    const signInPreflight = await preflight(server, '/a/sign-in', partner);
    expect(signInPreflight.status).not.toBe(204);
    expectNoCors(signInPreflight.headers);

    const signInPost = await fetch(`${server.baseUrl}/a/sign-in`, {
      method: 'POST',
      headers: { origin: partner, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.example&password=whatever',
    });
    expect(signInPost.status).toBe(403);
    expectNoCors(signInPost.headers);

    for (const path of ['/api/metrics', '/api/healthz', '/', '/index.html']) {
      const answer = await getFrom(server, path, partner);
      expectNoCors(answer.headers);
      expect(
        (await preflight(server, path, partner, 'GET')).headers.get('access-control-allow-origin'),
      ).toBeNull();
    }
  });
});

describe("CORS_ORIGINS '*'", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ converters: pipelineConverters, staticDir, corsOrigins: '*' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('echoes any origin on preflights and API calls, still without credentials', async () => {
    for (const origin of [partner, stranger, 'http://localhost:3000']) {
      const element = await getFrom(server, '/elements/docstudio-test.js', origin);
      expect(element.headers.get('access-control-allow-origin')).toBe('*');
      const answer = await preflight(server, '/api/upload', origin);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const converted = await server.convert('test/to/linearize', {}, [crazyones], {
      headers: { origin: stranger },
    });
    expect(converted.status).toBe(200);
    expect(converted.headers.get('access-control-allow-origin')).toBe(stranger);
  });

  it('still keeps the sign-in site same-origin', async () => {
    expectNoCors((await getFrom(server, '/a/sign-up', stranger)).headers);
    expectNoCors((await preflight(server, '/a/sign-up', stranger)).headers);
  });
});

describe('without CORS_ORIGINS (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ converters: pipelineConverters, staticDir });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the API same-origin only: preflights refused, other origins told why', async () => {
    const element = await getFrom(server, '/elements/docstudio-test.js', partner);
    expect(element.status).toBe(200);
    expect(element.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await readAnswer(await preflight(server, '/api/convert/test/to/linearize', partner));
    expect(refused.status).toBe(403);
    expect(refused.body.Code).toBe(4030);
    expectNoCors(refused.headers);
    await expectReadableRefusal(await simpleFrom(server, '/api/upload', partner), partner);
    // Same-origin use (the studio itself, or a client without Origin) is untouched.
    const converted = await server.convert('test/to/linearize', {}, [crazyones]);
    expect(converted.status).toBe(200);
    expectNoCors(converted.headers);
  });
});
