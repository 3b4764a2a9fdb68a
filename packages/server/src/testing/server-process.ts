/**
 * The real server as a child process (`node --import tsx main.ts`, or the compiled `node dist/main.js`),
 * for tests that kill it, send it signals or run the build: a temporary or given data folder, a free
 * port, logs off.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverMemoryEnv } from '../../memory.mjs';
import { ENGINE_RUN_VARIABLE } from '../engines/orphaned-engines';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** The compiled bin (`npm run build -w @docstudio/server`, packages/server/build.mjs). */
export const COMPILED_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  apiUrl: string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  token(): Promise<string>;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  { compiled = false }: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // compiled: as npm start runs it, with the memory settings it gives the server
    ...(compiled ? serverMemoryEnv() : {}),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG: 'false',
    ...env,
  };
  // the test process's own run tag must not make the child look like one of its engines
  delete childEnv[ENGINE_RUN_VARIABLE];
  const args = compiled ? [COMPILED_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, args, {
    cwd: REPOSITORY,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${errors}`)));
  });
  const apiUrl = `http://127.0.0.1:${port}/api`;
  let token: Promise<string> | undefined;
  return {
    child,
    pid: child.pid ?? 0,
    apiUrl,
    exited,
    token: () => {
      token ??= fetch(`${apiUrl}/functions/generate-jwt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ environment: 'production' }),
      }).then(async (response) => ((await response.json()) as { token: string }).token);
      return token;
    },
  };
}
