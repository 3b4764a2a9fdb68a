/**
 * CORS_ORIGINS parsing and the path rule that decides which answers may carry CORS headers.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig, loadConfigFromEnv, parseCorsOrigins } from '../config';
import { corsAreaOf, isOriginAllowed } from './cors';

describe('CORS_ORIGINS', () => {
  it('is empty by default: same-origin only', () => {
    expect(defaultConfig().corsOrigins).toEqual([]);
    expect(loadConfigFromEnv({}).corsOrigins).toEqual([]);
    expect(parseCorsOrigins('')).toEqual([]);
  });

  it('reads comma-separated origins as browsers serialise them', () => {
    expect(
      loadConfigFromEnv({
        CORS_ORIGINS: ' https://Partner.Example , http://127.0.0.1:8183,https://intranet.example:443/ ',
      }).corsOrigins,
    ).toEqual(['https://partner.example', 'http://127.0.0.1:8183', 'https://intranet.example']);
    expect(parseCorsOrigins('https://a.example,https://a.example')).toEqual(['https://a.example']);
  });

  it("reads '*' as any origin, alone only", () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(() => parseCorsOrigins('*,https://a.example')).toThrow(/either '\*' or a list/);
  });

  it('refuses anything that is not an origin, naming it', () => {
    for (const bad of [
      'partner.example',
      'https://partner.example/app',
      'https://partner.example?x=1',
      'https://user:pw@partner.example',
      'ftp://partner.example',
      'https://*.example',
    ]) {
      expect(() => parseCorsOrigins(bad), bad).toThrow(/CORS_ORIGINS entries must be origins/);
    }
  });
});

describe('which answers may carry CORS headers', () => {
  it('covers the elements and the API calls of the SDK', () => {
    for (const path of [
      '/elements/docstudio-pdf-merge.js',
      '/elements/docstudio-elements.css',
      '/api/convert/pdf/to/rotate?x=1',
      '/api/upload',
      '/api/d/abc/report.pdf',
      '/api/job/abc',
      '/api/functions/generate-jwt',
      '/api/functions/validate-token',
      '/api/functions/revoke-token',
      '/api/workflows/run/abc',
      '/api/workflows/runs?workflowId=abc',
    ]) {
      expect(corsAreaOf(path), path).toBeDefined();
    }
  });

  it('never covers the sign-in site, operations routes, the studio or dot segments', () => {
    for (const path of [
      '/a',
      '/a/sign-in',
      '/a/studio-login',
      '/api/metrics',
      '/api/healthz',
      '/api/openapi.json',
      '/api/uploads',
      '/',
      '/index.html',
      '/elements/../a/sign-in',
      '/elements/%2e%2e/a',
      '/elements/..%2Fa',
    ]) {
      expect(corsAreaOf(path), path).toBeUndefined();
    }
  });

  it('matches origins exactly', () => {
    expect(isOriginAllowed('https://a.example', ['https://a.example'])).toBe(true);
    expect(isOriginAllowed('https://a.example.evil', ['https://a.example'])).toBe(false);
    expect(isOriginAllowed('http://a.example', ['https://a.example'])).toBe(false);
    expect(isOriginAllowed(undefined, '*')).toBe(false);
    expect(isOriginAllowed('https://any.example', '*')).toBe(true);
  });
});
