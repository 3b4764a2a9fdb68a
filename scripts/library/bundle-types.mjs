/**
 * The declarations of a package's npm build (`npm run build` in packages/core, react, elements): one
 * self-contained `dist/<entry>.d.ts` per entry. `tsc -b` writes a declaration beside each source file
 * (under node_modules/.cache/tsc), whose relative imports have no extensions: fine for a bundler,
 * unresolvable for a consumer on `moduleResolution: nodenext`. API Extractor rolls them up into one
 * file that imports only other packages. It takes every file under a node_modules folder for another
 * package's, so the declarations are copied out of the cache first (dist/.declarations, removed after). Run from the package's folder; entries default to `index`
 * (src/index.ts), others are named as arguments (`node bundle-types.mjs index define`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const packageDir = process.cwd();
const entries = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['index'];

const tsc = fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url));
const compiled = spawnSync(tsc, ['-b', packageDir], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const declarations = join(packageDir, 'dist/.declarations');
cpSync(join(packageDir, 'node_modules/.cache/tsc/src'), declarations, {
  recursive: true,
  filter: (path) => !/\.(test|stories)\.d\.ts$|\.map$/.test(path),
});

const quiet = { logLevel: 'none' };
for (const entry of entries) {
  const declaration = join(declarations, `${entry}.d.ts`);
  if (!existsSync(declaration)) throw new Error(`tsc -b wrote no ${declaration}`);
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: packageDir,
      mainEntryPointFilePath: declaration,
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'bundler',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            jsx: 'react-jsx',
            strict: true,
            skipLibCheck: true,
            types: [],
          },
          files: [declaration],
        },
      },
      dtsRollup: { enabled: true, untrimmedFilePath: join(packageDir, 'dist', `${entry}.d.ts`) },
      apiReport: { enabled: false },
      docModel: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'error' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          // Release tags (@public, @beta) and forgotten exports are API Extractor's own conventions.
          'ae-missing-release-tag': quiet,
          'ae-forgotten-export': quiet,
        },
        tsdocMessageReporting: { default: quiet },
      },
    },
    packageJsonFullPath: join(packageDir, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: true, showVerboseMessages: false });
  if (!result.succeeded) {
    console.error(`Bundling the declarations of ${entry} failed (${result.errorCount} errors).`);
    rmSync(declarations, { recursive: true, force: true });
    process.exit(1);
  }
  console.log(`Bundled the declarations into dist/${entry}.d.ts (${result.warningCount} warnings)`);
}
rmSync(declarations, { recursive: true, force: true });
