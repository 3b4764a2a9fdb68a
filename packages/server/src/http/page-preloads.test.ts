/**
 * page-preloads.json as the server reads it: a missing or malformed file, or an entry of another
 * shape, gives no Link header rather than a failed start or a header the build did not mean.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, readPagePreloads } from './page-preloads';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-preloads-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const listing = (content: string) => writeFile(join(dir, PAGE_PRELOADS_FILE), content);

describe('readPagePreloads', () => {
  it('gives a Link header per kind: modules as module preloads, then styles as style preloads', async () => {
    await listing(JSON.stringify({ tool: { modules: ['/assets/a.js'], styles: ['/assets/a.css'] } }));
    expect([...readPagePreloads(dir)]).toEqual([
      ['tool', '</assets/a.js>; rel=modulepreload, </assets/a.css>; rel=preload; as=style; crossorigin'],
    ]);
  });

  it('gives none for a build without the file, a file that is no JSON object, or entries of another shape', async () => {
    expect(readPagePreloads(dir).size).toBe(0);
    for (const content of ['{', 'null', '[1]', '"x"']) {
      await listing(content);
      expect(readPagePreloads(dir).size, content).toBe(0);
    }
    await listing(
      JSON.stringify({
        empty: { modules: [], styles: [] },
        relative: { modules: ['assets/a.js'], styles: [] },
        comma: { modules: ['/assets/a.js, </b.js'], styles: [] },
        missing: { modules: ['/assets/a.js'] },
        number: { modules: [1], styles: [] },
        tool: { modules: ['/assets/tool-1.js'], styles: [] },
      }),
    );
    expect([...readPagePreloads(dir).keys()]).toEqual(['tool']);
  });
});
