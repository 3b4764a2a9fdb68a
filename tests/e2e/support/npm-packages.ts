/**
 * The npm packages as a consumer gets them: each of core, react and elements built (`npm run build`,
 * its dist/) and packed (`npm pack`) into a temporary folder outside the repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './corpus';

export const PACKAGE_NAMES = ['core', 'react', 'elements'] as const;
export type PackageName = (typeof PACKAGE_NAMES)[number];

export interface PackedPackage {
  name: PackageName;
  /** The tarball's absolute path. */
  tarball: string;
  /** The paths inside the tarball (package/ stripped), as `npm pack --json` lists them. */
  files: string[];
}

interface PackReport {
  filename: string;
  files: { path: string }[];
}

/** Builds and packs the three packages in their dependency order (elements inlines react's CSS). */
export function packPackages(destination: string): Record<PackageName, PackedPackage> {
  const packed = {} as Record<PackageName, PackedPackage>;
  for (const name of PACKAGE_NAMES) {
    const cwd = join(repoRoot, 'packages', name);
    execFileSync('npm', ['run', 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    const json = execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
      {
        cwd,
        encoding: 'utf8',
      },
    );
    const [report] = JSON.parse(json) as PackReport[];
    if (!report) throw new Error(`npm pack of ${name} reported nothing`);
    packed[name] = {
      name,
      tarball: join(destination, report.filename),
      files: report.files.map((file) => file.path),
    };
  }
  return packed;
}

/**
 * `@arethetypeswrong/cli` on a tarball, for an ESM-only package (require() and node10 resolution are
 * out of scope): the problems under `node16` from ESM and `bundler`, empty when the package is clean.
 * A stylesheet subpath has no types to check.
 */
export function typesProblems(packed: PackedPackage): string[] {
  const attw = join(repoRoot, 'node_modules/.bin/attw');
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', packed.name, 'package.json'), 'utf8'));
  const stylesheets = Object.keys(manifest.exports as Record<string, unknown>).filter((path) =>
    path.endsWith('.css'),
  );
  const args = [packed.tarball, '--profile', 'esm-only', '--format', 'json'];
  const result = spawnSync(
    attw,
    [...args, ...(stylesheets.length > 0 ? ['--exclude-entrypoints', ...stylesheets] : [])],
    {
      encoding: 'utf8',
    },
  );
  const report = JSON.parse(result.stdout) as { problems?: Record<string, AttwProblem[]> };
  const problems = Object.values(report.problems ?? {})
    .flat()
    .filter((problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs')
    .map((problem) => `${problem.kind} at ${problem.entrypoint} (${problem.resolutionKind})`);
  if (result.status !== 0 && problems.length === 0)
    problems.push(`attw exited ${result.status}: ${result.stderr}`);
  return problems;
}

interface AttwProblem {
  kind: string;
  entrypoint: string;
  resolutionKind: string;
}
