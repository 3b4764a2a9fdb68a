/**
 * Which PostgreSQL database and storage key a test data folder stands for, when the tests run on
 * PostgreSQL (the server-pg project): test-server.ts makes them, database-bytes.ts reads them, so a
 * test that checks what the database holds looks into the right one on either database.
 */
export interface TestDatabase {
  databaseUrl: string;
  storageKeyHex: string;
}

export const testDatabases = new Map<string, TestDatabase>();
