/**
 * Sign-in return targets over real HTTP: every hostile `returnUrl` / `next` (protocol-relative,
 * backslashes, dot segments raw and encoded, double encoding, tabs and newlines browsers strip,
 * script and data schemes, userinfo, lookalike characters, other hosts) falls back to the defaults in
 * the form's hidden fields, in the sign-in and sign-up POST's Location and in the final `?auth=`
 * redirect; legitimate same-origin targets come through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenFields, SignInBrowser, signUp } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';
import { safeReturnPath } from './sign-in.safety';

let server: TestServer;
const password = 'return targets password';
beforeAll(async () => {
  server = await startTestServer();
  await signUp(new SignInBrowser(server.baseUrl), server.baseUrl, 'targets@example.com', password);
});
afterAll(async () => server.close());

/** Hostile targets; `{host}` is the server's own host:port (userinfo and lookalike-host tricks). */
const HOSTILE = [
  '//evil.test',
  '///evil.test',
  '////evil.test/x',
  '/.//evil.test',
  '/..//evil.test',
  '/./..//evil.test',
  '/%2e//evil.test',
  '/%2E%2E//evil.test',
  '/.%2e//evil.test',
  '/%2e%2e/%2e%2e//evil.test',
  '/a/..//evil.test/x',
  '/a/../..//evil.test',
  '/a/%2e%2e//evil.test',
  '/a/.%2E//evil.test',
  '/pdf-merge/..//evil.test',
  './/evil.test',
  '..//evil.test',
  '\\evil.test',
  '\\\\evil.test',
  '/\\evil.test',
  '\\/evil.test',
  '/\\/evil.test',
  '/a/..\\evil.test',
  '/a/..\\\\evil.test',
  'http:\\\\evil.test',
  '/%2f/evil.test',
  '/%2F%2Fevil.test',
  '%2f%2fevil.test',
  '/%5cevil.test',
  '/%5C%5Cevil.test',
  '/%252f%252fevil.test',
  '/%25252f%25252fevil.test',
  '/%2e%2e%2f%2fevil.test',
  '/%09/evil.test',
  '/%0d%0aLocation:%20https://evil.test',
  '/\t/evil.test',
  '/\n/evil.test',
  '/\r\n/evil.test',
  '\t//evil.test',
  ' //evil.test',
  '/\u0000/evil.test',
  '/\r\nLocation: https://evil.test',
  'java\tscript:alert(1)',
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'blob:https://evil.test/7b1d',
  'file:///etc/passwd',
  'https://evil.test/',
  'http://evil.test',
  'HTTPS://EVIL.TEST/x',
  'https:evil.test',
  'ftp://evil.test/',
  '//%65vil.test',
  '//evil。test',
  '//ｅｖｉｌ.test',
  '/\u2215\u2215evil.test',
  '/\uff0f\uff0fevil.test',
  '\uff0f\uff0fevil.test',
  '/\u2044\u2044evil.test',
  '/\u3002/evil.test',
  'http://evil.test@{host}/x',
  '//evil.test@{host}/x',
  'http://{host}@evil.test/',
  'http://{host}.evil.test/',
  'https://{host}/',
  'http://localhost:{port}/',
  'http://[::1]:{port}/',
  '/ /evil.test',
  `/${'a'.repeat(2100)}`,
];

/** A target as sent to this server: `{host}` and `{port}` filled in. */
const forServer = (target: string) => {
  const { host, port } = new URL(server.baseUrl);
  return target.replaceAll('{host}', host).replaceAll('{port}', port);
};

/** Legitimate targets as sent, and the path they must arrive as. */
const LEGITIMATE: Array<[sent: string, arrives: string]> = [
  ['/', '/'],
  ['/pdf-merge', '/pdf-merge'],
  ['/pdf-merge/', '/pdf-merge/'],
  ['/pdf-merge?tab=2#top', '/pdf-merge?tab=2#top'],
  ['/workflows/edit/wf_123', '/workflows/edit/wf_123'],
  ['/search?q=%2F%2Fevil.test', '/search?q=%2F%2Fevil.test'],
  ['/about', '/about'],
  ['/tools/../pdf-merge', '/pdf-merge'],
  ['pdf-merge', '/pdf-merge'],
  ['http://{host}/pdf-merge?x=1', '/pdf-merge?x=1'],
];

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

describe('hostile return targets fall back to the defaults', () => {
  it(`has at least 50 hostile forms (${HOSTILE.length})`, () => {
    expect(new Set(HOSTILE).size).toBe(HOSTILE.length);
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
  });

  it('in the hidden fields, the POST Location and the final ?auth= redirect', async () => {
    for (const [index, raw] of HOSTILE.entries()) {
      const target = forServer(raw);
      const mode = index % 2 === 0 ? 'sign-in' : 'sign-up';
      const browser = new SignInBrowser(server.baseUrl);
      const page = await browser.get(
        `/a${mode === 'sign-up' ? '/sign-up' : ''}?${query({ returnUrl: target, next: target })}`,
      );
      const fields = hiddenFields(await page.text());
      expect([target, fields.returnUrl, fields.next]).toEqual([target, '/a/studio-login', '/']);

      // The POST carries the raw hostile values, not the page's cleaned ones.
      const email = mode === 'sign-in' ? 'targets@example.com' : `hostile-${index}@example.com`;
      const posted = await browser.post(`/a/${mode}`, {
        ...fields,
        returnUrl: target,
        next: target,
        email,
        password,
      });
      expect([target, posted.status, posted.headers.get('location')]).toEqual([
        target,
        303,
        '/a/studio-login?next=%2F',
      ]);
      const landing = await browser.get(`/a/studio-login?${query({ next: target })}`);
      expect([target, landing.headers.get('location')?.match(/^\/\?auth=[\w.-]+$/) !== null]).toEqual([
        target,
        true,
      ]);
    }
  });

  it('a hostile Referer is not a return target either', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    for (const path of ['/.//evil.test', '/a/..//evil.test/x', '/%2e//evil.test']) {
      const page = await browser.get('/a', { referer: `${server.baseUrl}${path}` });
      expect(hiddenFields(await page.text()).next).toBe('/');
    }
    const friendly = await browser.get('/a', { referer: `${server.baseUrl}/pdf-split?x=1` });
    expect(hiddenFields(await friendly.text()).next).toBe('/pdf-split?x=1');
  });

  it('the rule on its own: every hostile form is refused, whatever the site origin', () => {
    for (const origin of [server.baseUrl, 'http://docs.example.com:8080']) {
      for (const raw of HOSTILE)
        expect([raw, safeReturnPath(forServer(raw), origin)]).toEqual([raw, undefined]);
    }
  });
});

describe('legitimate same-origin targets survive', () => {
  it('as next: in the hidden field and in the final redirect, with ?auth= added', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const first = await browser.get('/a');
    await browser.post('/a/sign-in', {
      ...hiddenFields(await first.text()),
      email: 'targets@example.com',
      password,
    });
    for (const [rawSent, arrives] of LEGITIMATE) {
      const sent = forServer(rawSent);
      const page = await browser.get(`/a?${query({ returnUrl: '/a/studio-login', next: sent })}`);
      expect([sent, hiddenFields(await page.text()).next]).toEqual([sent, arrives]);
      const landing = await browser.get(`/a/studio-login?${query({ next: sent })}`);
      const final = new URL(landing.headers.get('location') ?? '', server.baseUrl);
      expect(final.origin).toBe(server.baseUrl);
      expect(final.searchParams.get('auth')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      final.searchParams.delete('auth');
      const expected = new URL(arrives, server.baseUrl);
      expect([sent, `${final.pathname}${final.search}${final.hash}`]).toEqual([
        sent,
        `${expected.pathname}${expected.search}${expected.hash}`,
      ]);
    }
  });

  it('as returnUrl: the sign-in POST goes there', async () => {
    for (const [rawSent, arrives] of LEGITIMATE) {
      const sent = forServer(rawSent);
      const browser = new SignInBrowser(server.baseUrl);
      const page = await browser.get(`/a?${query({ returnUrl: sent })}`);
      const fields = hiddenFields(await page.text());
      expect([sent, fields.returnUrl]).toEqual([sent, arrives]);
      const posted = await browser.post('/a/sign-in', { ...fields, email: 'targets@example.com', password });
      // Hashes never reach a server: the Location is the path and query.
      expect([sent, posted.headers.get('location')]).toEqual([sent, arrives.replace(/#.*$/, '')]);
    }
  });
});
