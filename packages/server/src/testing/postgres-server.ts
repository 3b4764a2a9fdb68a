/**
 * A throwaway PostgreSQL cluster for tests and local clusters: initdb into a temporary folder, start
 * it on a free TCP port of 127.0.0.1 (trust authentication, reachable from this machine only; its
 * socket stays inside the folder), stop and delete it after. PostgreSQL refuses to run as root, so as
 * root every step runs as the `postgres` user (runuser). Uses Debian's binaries
 * (/usr/lib/postgresql/<newest>/bin), or those on PATH.
 *
 *   const postgres = await startPostgresServer();
 *   const url = await createTestDatabase(postgres.url); // a fresh empty database
 *   …
 *   await postgres.stop();
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { newId } from '../storage/file-names';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the maintenance database, for creating others. */
  url: string;
  port: number;
  /** The cluster's folder (data, socket, log). */
  dir: string;
  stop(): Promise<void>;
  /** Shuts the server down (connections dropped, as in a restart or failover), keeping its data. */
  pause(): Promise<void>;
  /** Starts it again after pause(), on the same port. */
  resume(): Promise<void>;
  /** The running postmaster's pid (its backends run under it; it changes with a pause and resume). */
  pid(): number;
}

/** The folder of initdb/pg_ctl: Debian's newest version, else '' (PATH). */
function binDir(): string {
  if (!existsSync(DEBIAN_ROOT)) return '';
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => existsSync(join(DEBIAN_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : '';
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** The path of a PostgreSQL program. */
function programPath(program: string): string {
  const bin = binDir();
  return bin ? join(bin, program) : program;
}

/** Runs a PostgreSQL program, as the postgres user when this process is root. */
async function asPostgres(program: string, args: string[]): Promise<void> {
  const path = programPath(program);
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  try {
    await run(file, argv, { timeout: 60_000, cwd: tmpdir() });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${program} failed: ${String(stderr || stdout || error).trim()}`);
  }
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = await mkdtemp(join(tmpdir(), 'docstudio-postgres-'));
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  // Durability is not wanted from a throwaway cluster: fsync off keeps the tests quick.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      settings,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  try {
    await asPostgres('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    async pause() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume: start,
    // pg_ctl leaves the postmaster running on its own; postmaster.pid's first line is its pid.
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
  };
}

/** Creates an empty database on the server of `url` and returns its URL (each test server gets one). */
export async function createTestDatabase(url: string): Promise<string> {
  const name = `test_${newId()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const created = new URL(url);
  created.pathname = `/${name}`;
  return created.toString();
}

/** Drops a database made by createTestDatabase (its connections must be closed). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^test_[a-z0-9]+$/.test(name)) throw new Error(`Not a test database: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Everything the database at `url` holds, as pg_dump writes it (schema and every table's rows; binary
 * columns as hex): what a stolen backup would show.
 */
export async function dumpDatabase(url: string): Promise<string> {
  const { stdout } = await run(programPath('pg_dump'), ['--dbname', url, '--no-owner'], {
    maxBuffer: 512 * 1024 * 1024,
    timeout: 60_000,
  });
  return stdout;
}
