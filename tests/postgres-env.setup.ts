/**
 * Per test file of the server-pg project: DATABASE_URL names the run's PostgreSQL server, so every
 * test server starts on PostgreSQL (a fresh database each, testing/test-server.ts).
 */
import { inject } from 'vitest';

process.env.DATABASE_URL = inject('postgresUrl');
