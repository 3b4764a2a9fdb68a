/**
 * Vitest global set-up of the server-pg project: one throwaway PostgreSQL cluster for the whole run
 * (the test servers each make their own database in it, testing/test-server.ts). A PostgreSQL that
 * cannot start fails the run: these tests exist to prove the server on PostgreSQL, so never a skip.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../packages/server/src/testing/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await startPostgresServer();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
