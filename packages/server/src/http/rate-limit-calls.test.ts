/**
 * The rate limits are async (with REDIS_URL they ask Redis): a check that is not awaited would let
 * every request through and reject unseen. Every call in the server's source must be awaited.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

it('awaits every rate limit check and charge', () => {
  const calls: string[] = [];
  const unawaited: string[] = [];
  for (const file of sourceFiles(SOURCE)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /(?:(\S+)\s+)?[\w.]*\blimits\.(checkApi|checkBadTokens|chargeBadToken|wait)\(/g,
    )) {
      calls.push(`${file}: ${match[0]}`);
      if (match[1] !== 'await' && match[1] !== 'return') unawaited.push(`${file}: ${match[0]}`);
    }
  }
  expect(calls.length).toBeGreaterThan(5);
  expect(unawaited).toEqual([]);
});
