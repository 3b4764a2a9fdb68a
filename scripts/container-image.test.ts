/**
 * The container image's recipe, read as a reviewer would (this machine has no container runtime, so
 * the image itself is not built here): the Dockerfile installs the engines through
 * scripts/install-engines.sh (one package list for `npm start`, CI and the image), runs the compiled
 * bin as an unprivileged user with a health check and the data folder as a volume, and compose.yaml
 * builds that same Dockerfile with a read-only root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DockerfileParser, type Env, type Instruction } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { JEMALLOC_CONF, SEMI_SPACE_MB } from '../packages/server/memory.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');

const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const lastFrom = dockerfile.getFROMs().at(-1);
/** The final stage (the image that runs): every instruction after the last FROM. */
const isRuntime = (instruction: Instruction): boolean =>
  instruction.getRange().start.line > (lastFrom?.getRange().start.line ?? 0);
const runtime = instructions.filter(isRuntime);
const inRuntime = (keyword: string): Instruction[] => runtime.filter((i) => i.getKeyword() === keyword);
const text = (instruction: Instruction | undefined): string => instruction?.getArgumentsContent() ?? '';
/** ENV KEY=value pairs of the final stage. */
const runtimeEnv = new Map(
  inRuntime('ENV').flatMap((instruction) =>
    (instruction as Env)
      .getProperties()
      .map((property) => [property.getName(), property.getValue() ?? ''] as const),
  ),
);

const installScript = (flag: string): string => {
  const result = spawnSync('bash', ['scripts/install-engines.sh', flag], { cwd: root, encoding: 'utf8' });
  expect(result.status).toBe(0);
  return result.stdout;
};

describe('Dockerfile', () => {
  it('starts the image from Debian 12 and installs the engines by running scripts/install-engines.sh', () => {
    expect(lastFrom?.getImage()).toBe('debian:12-slim');
    const copied = inRuntime('COPY').find((copy) => text(copy).startsWith('scripts/install-engines.sh '));
    const destination = text(copied).split(/\s+/).at(-1);
    expect(destination).toBeTruthy();
    const runs = inRuntime('RUN').map(text);
    expect(runs.some((run) => run.startsWith(`bash ${destination}`) && !run.includes('--'))).toBe(true);
    // no second package list: nothing else in the image installs Debian packages
    const others = runs.filter((run) => !run.startsWith(`bash ${destination}`));
    for (const run of others) expect(run).not.toMatch(/\bapt(-get)?\s+install\b|\bdpkg\s+-i\b/);
  });

  it('gets every engine the server probes from that one list', () => {
    const listed = installScript('--list').split('\n').filter(Boolean);
    for (const engine of ['libreoffice-writer-nogui', 'chromium', 'ghostscript', 'qpdf', 'poppler-utils']) {
      expect(listed).toContain(engine);
    }
    expect(listed).toEqual(expect.arrayContaining(['tesseract-ocr', 'ocrmypdf', 'python3-uno']));
    // the command printed for people without root installs exactly the listed packages
    const printed = installScript('--print').split('--no-install-recommends')[1]?.trim().split(/\s+/);
    expect(printed).toEqual(listed);
  });

  it('runs the server with 4 MB semi-spaces on its main thread, as npm start does', () => {
    expect(runtimeEnv.get('NODE_OPTIONS')?.split(' ')).toContain(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  });

  it('runs the server on jemalloc from the engine list, linked at one path for every architecture', () => {
    expect(installScript('--list').split('\n')).toContain('libjemalloc2');
    const preload = runtimeEnv.get('LD_PRELOAD') ?? '';
    expect(preload).toMatch(/\/libjemalloc\.so\.2$/);
    const link = inRuntime('RUN')
      .map(text)
      .find((run) => run.includes(`ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" ${preload}`));
    expect(link).toBeDefined();
    // with the purging options npm start gives it
    expect(runtimeEnv.get('MALLOC_CONF')).toBe(JEMALLOC_CONF);
  });

  it("builds the server where a C compiler is (qpdf's seek-in-buffer.so) and ships what it built", () => {
    const build = instructions.filter((i) => !isRuntime(i));
    const runs = build.filter((i) => i.getKeyword() === 'RUN').map(text);
    const compilerAt = runs.findIndex((run) =>
      /apt-get install\b.*\b(g\+\+|gcc|build-essential)(\s|$)/s.test(run),
    );
    const serverBuildAt = runs.findIndex((run) =>
      run.includes('npm run build --workspace @docstudio/server'),
    );
    expect(compilerAt).toBeGreaterThanOrEqual(0);
    expect(serverBuildAt).toBeGreaterThan(compilerAt);
    // the runtime stage takes the whole dist folder, the library with it
    expect(inRuntime('COPY').map(text)).toContain('/src/packages/server/dist ./packages/server/dist');
  });

  it('runs as an unprivileged user the image creates', () => {
    const user = text(inRuntime('USER').at(-1));
    const uid = user.split(':')[0] ?? '';
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
    expect(inRuntime('RUN').some((run) => new RegExp(`useradd\\b.*--uid ${uid}\\b`).test(text(run)))).toBe(
      true,
    );
    const userLine = inRuntime('USER').at(-1)?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    expect(inRuntime('ENTRYPOINT')[0]?.getRange().start.line).toBeGreaterThan(userLine);
  });

  it('keeps the data folder in a volume and checks health on /api/healthz', () => {
    const dataDir = runtimeEnv.get('DATA_DIR');
    expect(dataDir).toBeTruthy();
    const volumes = JSON.parse(text(inRuntime('VOLUME')[0])) as string[];
    expect(volumes).toContain(dataDir);
    expect(runtimeEnv.get('HOME')).toBe('/tmp');
    const health = text(inRuntime('HEALTHCHECK')[0]);
    expect(health).toMatch(/^(--\S+\s+)*CMD\s/);
    expect(health).toContain('/api/healthz');
    expect(health).toContain('process.env.PORT');
  });

  it('runs the compiled bin of @docstudio/server with only its production dependencies', () => {
    const manifest = JSON.parse(read('packages/server/package.json')) as { bin: Record<string, string> };
    const bin = manifest.bin['docstudio-server']?.replace(/^\.\//, '');
    expect(bin).toBe('dist/main.js');
    expect(JSON.parse(text(inRuntime('ENTRYPOINT')[0]))).toEqual(['docstudio-server']);
    expect(
      inRuntime('RUN').some((run) =>
        text(run).includes(`ln -s /app/packages/server/${bin} /usr/local/bin/docstudio-server`),
      ),
    ).toBe(true);
    const nodeModules = dockerfile
      .getCOPYs()
      .find((copy) => isRuntime(copy) && text(copy).endsWith(' ./node_modules'));
    const fromStage = nodeModules?.getFromFlag()?.getValue();
    const stage = dockerfile.getFROMs().find((from) => from.getBuildStage() === fromStage);
    const stageRuns = instructions
      .filter(
        (i) => i.getKeyword() === 'RUN' && i.getRange().start.line > (stage?.getRange().start.line ?? 0),
      )
      .map(text);
    expect(stageRuns.some((run) => /npm ci --omit=dev --workspace @docstudio\/server\b/.test(run))).toBe(
      true,
    );
  });

  it('copies every workspace manifest before `npm ci` (a workspace added later must be added here)', () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    const copies = instructions.filter((i) => i.getKeyword() === 'COPY').map(text);
    for (const workspace of workspaces) expect(copies).toContain(`${workspace}/package.json ${workspace}/`);
  });

  it('leaves local data, keys and installed modules out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.data', '**/node_modules', '**/dist', '.git']));
  });
});

describe('compose.yaml', () => {
  interface Service {
    build?: { context: string; dockerfile: string };
    profiles?: string[];
    read_only?: boolean;
    tmpfs?: string[];
    volumes?: string[];
    environment?: Record<string, string>;
  }
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };

  it('builds the server from the same Dockerfile, read-only with the data volume and a RAM /tmp', () => {
    const server = compose.services.server;
    expect(server?.build?.context).toBe('.');
    expect(existsSync(`${root}${server?.build?.dockerfile}`)).toBe(true);
    expect(server?.build?.dockerfile).toBe('Dockerfile');
    expect(server?.profiles).toBeUndefined();
    expect(server?.read_only).toBe(true);
    expect(server?.tmpfs?.some((mount) => mount.split(':')[0] === '/tmp')).toBe(true);
    expect(server?.volumes?.map((volume) => volume.split(':')[1])).toContain(runtimeEnv.get('DATA_DIR'));
  });

  it('offers Redis and PostgreSQL only under the scale-out profile, with no password written down', () => {
    expect(compose.services.redis?.profiles).toEqual(['scale-out']);
    expect(compose.services.postgres?.profiles).toEqual(['scale-out']);
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD[:?-]/);
  });
});
