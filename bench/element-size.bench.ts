/**
 * What a partner page downloads for the served custom elements (/elements/*.js): the gzipped bytes
 * of one element's script and every chunk it imports statically (each file gzipped on its own, as a
 * server sends them), for a few elements and for all.js. Built twice in memory from the elements'
 * served build (packages/elements/vite.config.ts) side by side: with Preact's compatibility layer in
 * place of React, as served, and with React (`--mode react`), the baseline.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const CONFIG = new URL('../packages/elements/vite.config.ts', import.meta.url).pathname;
const ENTRIES = [
  'docstudio-pdf-rotate.js',
  'docstudio-pdf-merge.js',
  'docstudio-office-to-pdf.js',
  'docstudio-workflow-runner.js',
  'all.js',
];

type Output = Rolldown.RolldownOutput['output'][number];

async function buildVariant(mode: 'production' | 'react'): Promise<Map<string, Output>> {
  const result = await build({ configFile: CONFIG, mode, logLevel: 'silent', build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return new Map(outputs.flatMap((output) => output.output).map((file) => [file.fileName, file]));
}

/** The entry and its static imports, each gzipped alone. */
function loadedBytes(files: Map<string, Output>, entry: string): { files: number; gzip: number } {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = files.get(name);
    if (!file || seen.has(name)) return;
    seen.add(name);
    if (file.type === 'chunk') for (const imported of file.imports) visit(imported);
  };
  visit(entry);
  let gzip = 0;
  for (const name of seen) {
    const file = files.get(name);
    if (file?.type === 'chunk') gzip += gzipSync(file.code).length;
  }
  return { files: seen.size, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export default async function elementSize(): Promise<void> {
  const react = await buildVariant('react');
  const preact = await buildVariant('production');
  console.log('script (and its chunks)         React (files, gzip)   Preact, served (files, gzip)   saved');
  for (const entry of ENTRIES) {
    const before = loadedBytes(react, entry);
    const after = loadedBytes(preact, entry);
    console.log(
      `${entry.padEnd(32)}${`${before.files}, ${kb(before.gzip)}`.padEnd(22)}${`${after.files}, ${kb(after.gzip)}`.padEnd(31)}${(
        100 * (1 - after.gzip / before.gzip)
      ).toFixed(0)}%`,
    );
  }
}
