/**
 * GET /readyz's answer: ready when the database answers and no warm engine pool is down
 * (engines/engine-readiness.ts). Not ready is 503 `{ready: false, Code: 5030, Message, down}`, `down`
 * naming what is down ('database', 'libreoffice', 'chromium', 'mupdf') and Message saying why, so
 * a load balancer stops sending work that would fail and an operator sees what to fix.
 */
import { sql } from 'kysely';
import { ErrorCode } from '../contract/errors';
import { engineOutages } from '../engines/engine-readiness';
import type { ServerContext } from './server-context';

export interface ReadinessAnswer {
  status: 200 | 503;
  body: { ready: true } | { ready: false; Code: number; Message: string; down: string[] };
}

export async function readiness(context: Pick<ServerContext, 'db'>): Promise<ReadinessAnswer> {
  const problems: Array<{ name: string; reason: string }> = [];
  try {
    await sql`select 1`.execute(context.db);
  } catch {
    problems.push({ name: 'database', reason: 'The database is not reachable.' });
  }
  for (const outage of await engineOutages()) problems.push({ name: outage.engine, reason: outage.reason });
  if (problems.length === 0) return { status: 200, body: { ready: true } };
  return {
    status: 503,
    body: {
      ready: false,
      Code: ErrorCode.NotReady,
      Message: `Not ready: ${problems.map((problem) => problem.reason).join(' ')}`,
      down: problems.map((problem) => problem.name),
    },
  };
}
