/**
 * The npm packages as a partner installs them: core, react and elements are built and packed
 * (`npm pack`), then installed from the tarballs into two throwaway Vite + React apps outside the
 * repository (React 18 and React 19; support/npm-consumer.ts), each built with `vite build`. Checked:
 * what the tarballs hold, @arethetypeswrong/cli, a plain Node import of every package, a strict
 * type-check under `nodenext` and `bundler`, and in Chromium each built app rendering `<PdfRotate>`
 * and a `<docstudio-pdf-merge>` element, and rotating a real PDF through the running studio server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { corpusFile } from './support/corpus';
import { pdfInfo } from './support/inspect';
import { createConsumer, importInNode, type ReactMajor, typeCheck } from './support/npm-consumer';
import {
  PACKAGE_NAMES,
  type PackageName,
  type PackedPackage,
  packPackages,
  typesProblems,
} from './support/npm-packages';

const REACT_MAJORS: ReactMajor[] = [18, 19];

let workspace = '';
let packed: Record<PackageName, PackedPackage>;
const consumers = new Map<ReactMajor, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  // Three builds, two installs (npm's cache first, the registry for what it lacks) and two app builds.
  test.setTimeout(600_000);
  workspace = mkdtempSync(join(tmpdir(), 'docstudio-npm-consumers-'));
  packed = packPackages(workspace);
  for (const react of REACT_MAJORS) consumers.set(react, createConsumer(workspace, react, packed));
});

test.afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

const consumer = (react: ReactMajor): string => {
  const dir = consumers.get(react);
  if (!dir) throw new Error(`no React ${react} consumer`);
  return dir;
};

test('each tarball holds its build (JS, declarations, source maps) and none of the tests, stories or fixtures', () => {
  for (const name of PACKAGE_NAMES) {
    const { files } = packed[name];
    expect(files, name).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(files.filter((path) => path.endsWith('.js.map')).length, `${name} source maps`).toBeGreaterThan(0);
    expect(
      files.filter(
        (path) =>
          /(^|\/)(src|testing|fixtures|stories)\/|\.(test|stories)\.|\.tsx?$/.test(path) &&
          !path.endsWith('.d.ts'),
      ),
      name,
    ).toEqual([]);
  }
  expect(packed.react.files).toEqual(expect.arrayContaining(['dist/styles.css', 'dist/styled.js']));
  expect(packed.elements.files).toEqual(
    expect.arrayContaining([
      'dist/custom-elements.json',
      'dist/tags.d.ts',
      'dist/pdf-merge.js',
      'dist/workflow-runner.js',
      'dist/standalone/docstudio-pdf-merge.js',
    ]),
  );
});

test('@arethetypeswrong/cli finds no problem in any package (ESM-only)', () => {
  for (const name of PACKAGE_NAMES) expect(typesProblems(packed[name]), name).toEqual([]);
});

for (const react of REACT_MAJORS) {
  test(`React ${react}: plain Node imports every package and element module without a DOM`, () => {
    const { exported, customElements } = importInNode(consumer(react));
    expect(customElements).toBe('undefined');
    expect(exported['@docstudio/core']).toEqual(expect.arrayContaining(['tools', 'ConversionClient']));
    expect(exported['@docstudio/react']).toEqual(expect.arrayContaining(['PdfRotate', 'StudioProvider']));
    expect(exported['@docstudio/elements']).toEqual(
      expect.arrayContaining(['defineToolElement', 'toolElementTag']),
    );
    // The element modules define their element as a side effect only: nothing to export, nothing thrown.
    expect(exported['@docstudio/elements/pdf-merge']).toEqual([]);
    expect(exported['@docstudio/elements/all']).toEqual([]);
  });

  test(`React ${react}: the public API and the element tags type-check under nodenext and bundler, strict`, () => {
    expect(typeCheck(consumer(react), 'nodenext')).toBe('');
    expect(typeCheck(consumer(react), 'bundler')).toBe('');
  });

  test(`React ${react}: the built app renders PdfRotate and <docstudio-pdf-merge> and rotates a PDF`, async ({
    page,
    baseURL,
  }, testInfo) => {
    // The built app on the studio's origin, so it calls /api as a same-origin host would.
    const prefix = `/npm-consumer/react${react}/`;
    const dist = join(consumer(react), 'dist');
    await page.route(`${baseURL}${prefix}**`, (route) => {
      const path = new URL(route.request().url()).pathname.slice(prefix.length) || 'index.html';
      return route.fulfill({ path: join(dist, path) });
    });
    await page.goto(`${baseURL}${prefix}index.html`);
    await expect(page.locator('[data-react-version]')).toHaveAttribute(
      'data-react-version',
      new RegExp(`^${react}\\.`),
    );

    const tool = new PdfRotateModel(page);
    await expect(tool.root).toHaveAttribute('data-state', 'idle');
    // The package's own stylesheet (no vanilla-extract in this app) paints the dark theme.
    expect(await tool.root.evaluate((root) => getComputedStyle(root).backgroundColor)).toBe(
      'rgb(15, 23, 42)',
    );
    await expect(tool.combobox('Angle')).toHaveValue('180');

    // The element from @docstudio/elements/pdf-merge, in its shadow root with its inlined stylesheet.
    const merge = page.locator('docstudio-pdf-merge [data-scope="pdf-merge"][data-part="root"]');
    await expect(merge).toHaveAttribute('data-state', 'idle');
    await expect(merge.getByRole('heading', { level: 3, name: 'Merge PDF' })).toBeVisible();
    expect(await merge.evaluate((root) => root.getRootNode() instanceof ShadowRoot)).toBe(true);
    expect(await merge.evaluate((root) => getComputedStyle(root).fontFamily)).not.toBe(
      await page.evaluate(() => getComputedStyle(document.body).fontFamily),
    );

    await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
    // The page picture: pdf.js and its worker, bundled by the partner's Vite from the npm build.
    await expect(tool.root.getByRole('button', { name: 'Rotate page 1', exact: true })).toBeVisible();
    await expect(tool.root.locator('[data-page="1"] [data-part="page-image"]')).toHaveAttribute(
      'data-state',
      'ready',
      { timeout: 20_000 },
    );
    await tool.convert();
    await tool.expectComplete();
    const result = await tool.download(testInfo);
    expect(pdfInfo(result.path)['Page rot']).toBe('180');
  });
}
