/**
 * The page preloads the studio build writes (page-preloads.mjs), from a real Vite build of a small
 * site: a page module's chunk, the chunks it imports and their CSS, without what the first load
 * fetches already or what the page loads only later; a source the build does not load lazily fails it.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, pagePreloadsPlugin } from './page-preloads.mjs';

let root: string;

const files: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
  // the entry imports `shared` itself and loads both pages lazily
  'src/main.js': `import { shared } from './shared.js';
shared();
window.pages = [() => import('./pages/tool.js'), () => import('./pages/other.js')];`,
  'src/shared.js': `export const shared = () => document.body.append('shared ' + Math.random());`,
  // `widget` is imported by both pages, so it is a chunk of its own; `later` is loaded on demand
  'src/pages/tool.js': `import './tool.css';
import { shared } from '../shared.js';
import { widget } from '../widget.js';
export const tool = () => { shared(); widget(); return import('../later.js'); };`,
  'src/pages/tool.css': '.tool { color: #1d4ed8; }',
  'src/pages/other.js': `import { widget } from '../widget.js';
export const other = () => widget();`,
  'src/widget.js': `import './widget.css';
export const widget = () => document.body.append('widget ' + Math.random());`,
  'src/widget.css': '.widget { margin: 1px; }',
  'src/later.js': `export const later = () => document.body.append('later ' + Math.random());`,
};

async function buildSite(sources: Record<string, string>): Promise<void> {
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    build: { outDir: 'dist', emptyOutDir: true },
    plugins: [pagePreloadsPlugin({ sources, srcDir: join(root, 'src') })],
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'docstudio-preloads-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true });
    await writeFile(join(root, name), content);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('pagePreloadsPlugin', () => {
  it("lists each page's chunk, the chunks it imports and their CSS, none of the first load's or what it loads later", async () => {
    await buildSite({ tool: 'pages/tool.js', other: 'pages/other.js' });
    const listed = JSON.parse(await readFile(join(root, 'dist', PAGE_PRELOADS_FILE), 'utf8')) as Record<
      string,
      { modules: string[]; styles: string[] }
    >;
    const entry = await readFile(join(root, 'dist', 'index.html'), 'utf8');
    const named = (paths: string[]) => paths.map((path) => path.replace(/-[\w-]{8}\./, '.'));
    expect(named(listed.tool?.modules ?? [])).toEqual(['/assets/tool.js', '/assets/widget.js']);
    expect(named(listed.tool?.styles ?? []).sort()).toEqual(['/assets/tool.css', '/assets/widget.css']);
    expect(named(listed.other?.modules ?? [])).toEqual(['/assets/other.js', '/assets/widget.js']);
    expect(named(listed.other?.styles ?? [])).toEqual(['/assets/widget.css']);
    // every file named is in the build, none of them is what index.html loads already
    for (const path of [...(listed.tool?.modules ?? []), ...(listed.tool?.styles ?? [])]) {
      await expect(readFile(join(root, 'dist', path))).resolves.toBeTruthy();
      expect(entry).not.toContain(path);
    }
  });

  it('fails the build for a source that is no lazily loaded module of it', async () => {
    await expect(buildSite({ tool: 'pages/tool.js', widget: 'widget.js' })).rejects.toThrow(
      /widget\.js \(route kind 'widget'\) is no lazily loaded module/,
    );
  });
});
