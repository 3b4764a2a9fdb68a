/**
 * Test-only: one fake provider per test file, started before its tests, closed after them, with
 * the recorded requests cleared before each test. Files add their own per-test settings after it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeProvider, startFakeProvider } from './fake-provider.server';

export function useFakeProvider(onStart: (provider: FakeProvider) => void): void {
  let provider: FakeProvider | undefined;
  beforeAll(async () => {
    provider = await startFakeProvider();
    onStart(provider);
  });
  afterAll(() => provider?.close());
  beforeEach(() => {
    if (provider) provider.requests.length = 0;
  });
}

/** The bytes of a shared corpus document (../shared/corpus beside the repository). */
export const corpusBytes = (path: string) =>
  readFileSync(new URL(`../../../../../shared/corpus/${path}`, import.meta.url));
