import { describe, expect, it } from 'vitest';
import { loadConfigFromEnv, parseCspConnectOrigins } from './config-from-env';

describe('CSP_CONNECT_ORIGINS', () => {
  it('reads comma-separated origins as the browser writes them, once each', () => {
    expect(parseCspConnectOrigins(' https://api.docs.example, https://sign-in.docs.example:8443 ,')).toEqual([
      'https://api.docs.example',
      'https://sign-in.docs.example:8443',
    ]);
    expect(parseCspConnectOrigins('https://API.docs.example/, https://api.docs.example')).toEqual([
      'https://api.docs.example',
    ]);
    expect(loadConfigFromEnv({}).cspConnectOrigins).toEqual([]);
  });

  it('refuses at start-up what is no origin: a wildcard, a path, another scheme', () => {
    for (const value of ['*', 'https://*.docs.example', 'https://api.docs.example/v1', 'ftp://files.example'])
      expect(() => parseCspConnectOrigins(value)).toThrow(
        `CSP_CONNECT_ORIGINS entries must be origins such as https://partner.example, got '${value}'.`,
      );
  });
});
