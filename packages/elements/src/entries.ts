/**
 * Build entries: one module per element (a partner loads one converter with one script tag) and
 * `all` for every tool. Element names follow the catalogue, so a new tool is one more file here.
 */
import { readdirSync } from 'node:fs';

export function elementEntries(packageDir: string): Record<string, string> {
  const entries: Record<string, string> = { all: `${packageDir}/src/all.ts` };
  for (const file of readdirSync(`${packageDir}/src/elements`)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    entries[`docstudio-${file.slice(0, -3)}`] = `${packageDir}/src/elements/${file}`;
  }
  return entries;
}
