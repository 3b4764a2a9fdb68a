/**
 * A whole cluster on this machine, for the cluster tests, the cluster bench and `npm run cluster`:
 * one throwaway Redis, one throwaway PostgreSQL (its own temporary folder, as the postgres user when
 * root), and API nodes and workers started from the server (compiled dist/main.js by default), each
 * with its own data folder, sharing the database, the storage key and Redis.
 *
 *   const cluster = await startLocalCluster({ apiNodes: 2, workers: 2 });
 *   … cluster.apis[0].apiUrl, cluster.workers[1].pid …
 *   await cluster.stop();
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type PostgresServer, startPostgresServer } from './postgres-server';
import { type RedisServer, startRedisServer } from './redis-server';
import { type ServerProcess, startServerProcess } from './server-process';

export type NodeRole = 'api' | 'worker' | 'all';

export interface ClusterOptions {
  apiNodes?: number;
  workers?: number;
  /** Run dist/main.js (default) or the sources through tsx. */
  compiled?: boolean;
  /** Extra environment for every node (RATE_LIMIT_PER_MINUTE, engine pool sizes …). */
  env?: Record<string, string>;
  /** Fixed ports for the API nodes, then the workers (npm run cluster); default: free ports. */
  ports?: number[];
}

export interface LocalCluster {
  redis: RedisServer;
  postgres: PostgresServer;
  /** What every node shares: DATABASE_URL, STORAGE_KEY, REDIS_URL. */
  sharedEnv: Record<string, string>;
  apis: ServerProcess[];
  workers: ServerProcess[];
  /** Starts one more node of the cluster (a restart after a kill, an extra worker). */
  startNode(role: NodeRole, port?: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

export async function startLocalCluster(options: ClusterOptions = {}): Promise<LocalCluster> {
  const folders: string[] = [];
  const nodes: ServerProcess[] = [];
  const [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
  const sharedEnv = {
    DATABASE_URL: await createTestDatabase(postgres.url),
    STORAGE_KEY: randomBytes(32).toString('hex'),
    REDIS_URL: redis.url,
  };
  const startNode = async (role: NodeRole, port?: number): Promise<ServerProcess> => {
    const dataDir = await mkdtemp(join(tmpdir(), `docstudio-${role}-`));
    folders.push(dataDir);
    const node = await startServerProcess(
      dataDir,
      { ...options.env, ...sharedEnv, ROLE: role, ...(port ? { PORT: String(port) } : {}) },
      { compiled: options.compiled ?? true },
    );
    nodes.push(node);
    return node;
  };
  const stop = async (): Promise<void> => {
    await Promise.all(
      nodes.map(async (node) => {
        if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGTERM');
        await node.exited;
      }),
    );
    await Promise.allSettled([redis.stop(), postgres.stop()]);
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  };
  try {
    const ports = options.ports ?? [];
    const apiCount = options.apiNodes ?? 2;
    const apis: ServerProcess[] = [];
    // API nodes one after the other: the first migrates the shared database.
    for (let index = 0; index < apiCount; index += 1) apis.push(await startNode('api', ports[index]));
    const workers = await Promise.all(
      Array.from({ length: options.workers ?? 2 }, (_, index) =>
        startNode('worker', ports[apiCount + index]),
      ),
    );
    return { redis, postgres, sharedEnv, apis, workers, startNode, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
