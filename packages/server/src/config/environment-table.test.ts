/**
 * Every environment variable the server reads is in the README's one configuration table, and every
 * variable in the table is read. What loadConfigFromEnv reads is recorded as it reads it (an env
 * object that notes each name asked for); reads elsewhere are found in the source (`env.NAME`,
 * `env['NAME']`, `process.env[CONSTANT]`), tests and test helpers left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from './config-from-env';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The backticked names in the first column of the "Configuration (environment)" table. */
function documentedVariables(): Set<string> {
  const start = README.indexOf('## Configuration (environment)');
  expect(start).toBeGreaterThanOrEqual(0);
  const section = README.slice(start, README.indexOf('\n#', start + 1));
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1] as string);
  }
  return names;
}

/** The names loadConfigFromEnv asks its environment for. */
function readByConfig(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') asked.add(name);
      return undefined;
    },
  });
  loadConfigFromEnv(env);
  return asked;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Environment variables named in the source, outside tests. */
function readInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const constants = new Map(
      [...text.matchAll(/const ([A-Z][A-Z0-9_]*) = '([A-Z][A-Z0-9_]*)'/g)].map((m) => [m[1], m[2]]),
    );
    const names = [
      ...[...text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]),
      ...[...text.matchAll(/\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g)].map((m) => m[1]),
      ...[...text.matchAll(/\benv\[\s*([A-Z][A-Z0-9_]*)\s*\]/g)].map((m) => constants.get(m[1] as string)),
    ];
    for (const name of names) if (name) found.set(name, file.slice(SOURCE.length));
  }
  return found;
}

describe('the configuration table (packages/server/README.md)', () => {
  const documented = documentedVariables();

  it('lists every variable loadConfigFromEnv reads', () => {
    const asked = readByConfig();
    expect(asked.size).toBeGreaterThan(30);
    expect([...asked].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists every variable the source reads or sets, and nothing the server ignores', () => {
    const inSource = readInSource();
    const read = new Set([...readByConfig(), ...inSource.keys()]);
    expect(
      [...inSource].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`),
    ).toEqual([]);
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });
});
