/**
 * A throwaway consumer of the packed packages, as a partner would make one: a Vite + React app
 * (React 18 or 19) that installs the three tarballs from npm's cache or the registry, renders
 * `<PdfRotate>` and a `<docstudio-pdf-merge>` element, and builds with `vite build` (no
 * vanilla-extract plugin: the packages bring their CSS). The same project type-checks a file using the
 * public API under `moduleResolution` `nodenext` and `bundler` with `strict` and
 * `exactOptionalPropertyTypes`, and imports every package in plain Node.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './corpus';
import type { PackageName, PackedPackage } from './npm-packages';

export type ReactMajor = 18 | 19;

const repoVersion = (name: string): string =>
  (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

function packageJson(react: ReactMajor, packed: Record<PackageName, PackedPackage>): object {
  const tarballs = {
    '@docstudio/core': `file:${packed.core.tarball}`,
    '@docstudio/react': `file:${packed.react.tarball}`,
    '@docstudio/elements': `file:${packed.elements.tarball}`,
  };
  const range = react === 18 ? '^18.2.0' : '^19.0.0';
  return {
    name: `docstudio-consumer-react${react}`,
    private: true,
    type: 'module',
    dependencies: { ...tarballs, react: range, 'react-dom': range },
    devDependencies: {
      // The repository's own versions, so npm's cache has them.
      vite: repoVersion('vite'),
      '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react'),
      '@types/react': range,
      '@types/react-dom': range,
    },
    // The packages depend on each other at 0.1.0: from these tarballs, never from the registry.
    overrides: tarballs,
  };
}

/** The app: a tool as a React component and a tool as a custom element, side by side. */
const MAIN = `import { browserAuthContext, getConversionToken } from '@docstudio/core';
import { PdfRotate } from '@docstudio/react';
import '@docstudio/elements/pdf-merge';
import { StrictMode, version } from 'react';
import { createRoot } from 'react-dom/client';

const apiUrl = \`\${location.origin}/api\`;
// An anonymous conversion token, as the studio's own pages get one.
const token = () => {
  const context = browserAuthContext({ environment: { name: 'production', apiUrl, authBaseUrl: '' } });
  return context ? getConversionToken(context) : null;
};

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <p data-react-version={version}>React {version}</p>
    <PdfRotate apiUrl={apiUrl} token={token} theme="dark" defaultValues={{ RotatePage: '180' }} />
    <docstudio-pdf-merge api-url={apiUrl} heading-level="3"></docstudio-pdf-merge>
  </StrictMode>,
);
`;

/** Type-checked only: the typings a consumer leans on, including one that must be refused. */
const TYPED_USAGE = `import { type ConversionFile, type ToolId, tools } from '@docstudio/core';
import { createStudioTheme, type ToolProps } from '@docstudio/react';
import { type DocstudioEventMap, toolElementTag } from '@docstudio/elements';
import '@docstudio/elements/pdf-rotate';

export const ids: ToolId[] = tools.map((tool) => tool.id);
export const theme = createStudioTheme({}, 'dark');
export const props: ToolProps = { apiUrl: '/api', headingLevel: 3 };
export const tag = toolElementTag('pdf-rotate');
export type Complete = DocstudioEventMap['docstudio-complete'];

export function listen(element: HTMLElementTagNameMap['docstudio-pdf-rotate']): void {
  element.addEventListener('docstudio-complete', (event) => {
    const files: ConversionFile[] = event.detail.files;
    console.log(files.length);
  });
  document.addEventListener('docstudio-error', (event) => console.log(event.detail.error.message));
}

// @ts-expect-error rotate-page takes 90, 180 or 270 only
export const refused = <docstudio-pdf-rotate rotate-page="45" />;
`;

const NODE_IMPORT = `const entries = ['@docstudio/core', '@docstudio/react', '@docstudio/elements', '@docstudio/elements/all', '@docstudio/elements/pdf-merge'];
const exported = {};
for (const entry of entries) exported[entry] = Object.keys(await import(entry)).sort();
console.log(JSON.stringify({ exported, customElements: typeof customElements }));
`;

const tsconfig = (moduleResolution: 'nodenext' | 'bundler') => ({
  compilerOptions: {
    target: 'ES2022',
    module: moduleResolution === 'nodenext' ? 'nodenext' : 'esnext',
    moduleResolution,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    jsx: 'react-jsx',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    // The packages' declarations are checked too, not only this project's files.
    skipLibCheck: false,
    noEmit: true,
    types: [],
  },
  include: ['src'],
});

const files = (react: ReactMajor, packed: Record<PackageName, PackedPackage>): Record<string, string> => ({
  'package.json': JSON.stringify(packageJson(react, packed), null, 2),
  'index.html': `<!doctype html><html lang="en"><head><title>React ${react} consumer</title></head><body><div id="root"></div><script type="module" src="./src/main.tsx"></script></body></html>`,
  'vite.config.js': `import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ base: './', plugins: [react()] });\n`,
  'src/main.tsx': MAIN,
  'src/typed-usage.tsx': TYPED_USAGE,
  'node-import.mjs': NODE_IMPORT,
  'tsconfig.nodenext.json': JSON.stringify(tsconfig('nodenext'), null, 2),
  'tsconfig.bundler.json': JSON.stringify(tsconfig('bundler'), null, 2),
});

/** Writes the project, installs it (one `npm install`) and builds it; returns its folder. */
export function createConsumer(
  parent: string,
  react: ReactMajor,
  packed: Record<PackageName, PackedPackage>,
): string {
  const dir = join(parent, `react${react}`);
  for (const [path, text] of Object.entries(files(react, packed))) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const quiet = { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[] };
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], quiet);
  execFileSync(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], quiet);
  return dir;
}

/** `tsc -p` with the repository's compiler on one of the consumer's configs: its diagnostics, '' when clean. */
export function typeCheck(dir: string, moduleResolution: 'nodenext' | 'bundler'): string {
  try {
    execFileSync(
      join(repoRoot, 'node_modules/.bin/tsc'),
      ['-p', join(dir, `tsconfig.${moduleResolution}.json`)],
      {
        encoding: 'utf8',
      },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

export interface NodeImport {
  exported: Record<string, string[]>;
  customElements: string;
}

/** Imports every package in plain Node (no DOM) from the consumer's node_modules. */
export function importInNode(dir: string): NodeImport {
  return JSON.parse(
    execFileSync(process.execPath, ['node-import.mjs'], { cwd: dir, encoding: 'utf8' }),
  ) as NodeImport;
}
