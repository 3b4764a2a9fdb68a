/**
 * The dependency check of `npm test`, run as `npm test` runs it: on small trees laid out like the
 * repository (one with wrong imports, the same one with the imports the arrows allow), then on the
 * repository itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const checkScript = fileURLToPath(new URL('./check.mjs', import.meta.url));
const trees: string[] = [];

/**
 * Writes the files (path under the tree → source) into a fresh folder and links the packages into its
 * node_modules as npm workspaces do, so `@docstudio/react` resolves as it does in the repository.
 */
function tree(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'docstudio-arrows-'));
  trees.push(folder);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), source);
  }
  mkdirSync(join(folder, 'node_modules/@docstudio'), { recursive: true });
  for (const name of ['core', 'react']) {
    const manifest = { name: `@docstudio/${name}`, type: 'module', exports: { '.': './src/index.ts' } };
    writeFileSync(join(folder, `packages/${name}/package.json`), JSON.stringify(manifest));
    symlinkSync(join(folder, `packages/${name}`), join(folder, `node_modules/@docstudio/${name}`));
  }
  return folder;
}

function check(folder?: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [checkScript, ...(folder ? [folder] : [])], {
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** The modules both trees share: each package's entry and the server layers the imports point at. */
const modules = {
  'packages/core/src/index.ts': "export const toolIds = ['pdf-merge'];\n",
  'packages/react/src/index.ts': "export const Button = 'button';\n",
  'packages/server/src/contract/errors.ts': 'export const NOT_FOUND = 4040;\n',
  'packages/server/src/http/metrics.ts': 'export const conversions = { count: 0 };\n',
  'packages/server/src/engines/office-pool.ts':
    "import { NOT_FOUND } from '../contract/errors.ts';\nexport const code = NOT_FOUND;\n",
};

afterAll(() => {
  for (const folder of trees) rmSync(folder, { recursive: true, force: true });
});

describe('the dependency check', () => {
  it('fails on imports against the arrows, naming each one', () => {
    const folder = tree({
      ...modules,
      // core importing react: against demo -> elements -> react -> core.
      'packages/core/src/tool-button.ts':
        "import { Button } from '@docstudio/react';\nexport const b = Button;\n",
      // an engine importing HTTP metrics: against the server's layer order.
      'packages/server/src/engines/chromium.ts':
        "import { conversions } from '../http/metrics.ts';\nexport const count = () => conversions.count;\n",
      // react importing a Storybook helper: the packages never import the tooling around them.
      '.storybook/toolStories.ts': 'export const stories = [];\n',
      'packages/react/src/PdfMerge.stories.ts':
        "export { stories } from '../../../.storybook/toolStories.ts';\n",
      // two core modules importing each other.
      'packages/core/src/catalogue.ts':
        "import { tools } from './registry.ts';\nexport const catalogue = () => tools;\n",
      'packages/core/src/registry.ts':
        "import { catalogue } from './catalogue.ts';\nexport const tools = [catalogue];\n",
    });

    const { status, output } = check(folder);

    expect(status).not.toBe(0);
    expect(output).toContain(
      'core-imports-against-the-arrows: packages/core/src/tool-button.ts → packages/react/src/index.ts',
    );
    expect(output).toContain(
      'server-engines-imports-upward: packages/server/src/engines/chromium.ts → packages/server/src/http/metrics.ts',
    );
    expect(output).toContain(
      'package-imports-tooling: packages/react/src/PdfMerge.stories.ts → .storybook/toolStories.ts',
    );
    expect(output).toMatch(/no-circular: packages\/core\/src\/(catalogue|registry)\.ts → /);
    expect(output).toContain('4 dependency violations');
  });

  it('passes the same kind of tree when every import follows the arrows', () => {
    const folder = tree({
      ...modules,
      'packages/react/src/tool-list.ts':
        "import { toolIds } from '@docstudio/core';\nexport const list = toolIds;\n",
      'packages/server/src/http/convert.routes.ts':
        "import { code } from '../engines/office-pool.ts';\nimport { conversions } from './metrics.ts';\nexport const route = () => [code, conversions];\n",
      '.storybook/preview.ts':
        "import { Button } from '../packages/react/src/index.ts';\nexport const preview = Button;\n",
    });

    const { status, output } = check(folder);

    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('passes on the repository', () => {
    const { status, output } = check();

    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});
