/**
 * Vitest global set-up of the browser projects that talk to a server (elements, demo): the real
 * server as a child process on a free port with a fresh data folder, answering CORS for any origin
 * (the tests' page is Vitest's own origin), and a few signed-up users. The tests read them with
 * `inject('studioApiUrl')` and `inject('studioUserTokens')`; each test file takes its own user, so
 * one file's workflows never show in another's list.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../packages/server/src/testing/server-process.ts';
import { SignInBrowser, signUp } from '../packages/server/src/testing/sign-in-browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    studioApiUrl: string;
    studioUserTokens: string[];
  }
}

/** Users signed up per server: one per test file that needs one (sign-ups are throttled per minute). */
const USERS = 4;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-browser-tests-'));
  const server = await startServerProcess(dataDir, { CORS_ORIGINS: '*' });
  const baseUrl = server.apiUrl.replace(/\/api$/, '');
  const tokens: string[] = [];
  for (let user = 1; user <= USERS; user++) {
    const email = `browser-test-${user}-${Date.now()}@example.com`;
    tokens.push(await signUp(new SignInBrowser(baseUrl), baseUrl, email, `browser test password ${user}`));
  }
  project.provide('studioApiUrl', server.apiUrl);
  project.provide('studioUserTokens', tokens);
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
