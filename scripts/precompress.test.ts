/**
 * The build's compressed copies: every text file of at least 1 KiB gets a .gz and a .br that decode
 * to it exactly; small files and images are left alone.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.mjs';

let dir: string;
const script = `console.log(${JSON.stringify('docstudio '.repeat(400))});`;
const style = `.tool { color: #1d4ed8; }\n`.repeat(100);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-precompress-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets', 'index-abc.js'), script);
  await writeFile(join(dir, 'assets', 'index-abc.css'), style);
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'social-card.png'), Buffer.alloc(4096, 7));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressFolder', () => {
  it('writes .gz and .br beside each text file, decoding to the file, in subfolders too', async () => {
    expect(await precompressFolder(dir)).toBe(2);
    const built: Array<[string, string]> = [
      ['assets/index-abc.js', script],
      ['assets/index-abc.css', style],
    ];
    for (const [name, content] of built) {
      const gz = await readFile(join(dir, `${name}.gz`));
      const br = await readFile(join(dir, `${name}.br`));
      expect(gunzipSync(gz).toString()).toBe(content);
      expect(brotliDecompressSync(br).toString()).toBe(content);
      expect(br.length).toBeLessThan(content.length / 4);
    }
  });

  it('leaves small files and images without copies', async () => {
    const names = await readdir(dir);
    expect(names.filter((name) => /^(favicon|social-card)/.test(name)).sort()).toEqual([
      'favicon.svg',
      'social-card.png',
    ]);
  });
});
