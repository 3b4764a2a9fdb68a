/**
 * Leases on workflow runs against the server's real database (SQLite here; PostgreSQL in the
 * server-pg project): a live lease is never taken, an expired one is taken by exactly one of two
 * nodes reaching for it at once, the loser's writes are refused from then on, and a run's end
 * lets its lease go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { leaseUntil, type RunResumePoint } from './workflow-run-checkpoint';
import { RunLeases } from './workflow-run-leases';

let server: TestServer;
beforeAll(async () => {
  // A lease of an hour: the server's own adopter looks every half hour, never during these tests.
  server = await startTestServer({ workflowLeaseSeconds: 3600 });
});
afterAll(() => server.close());

const resume: RunResumePoint = {
  plan: { steps: [], timeoutSeconds: 60, publicBase: 'http://127.0.0.1', callback: null, deliveryId: 'd1' },
  checkpoint: { next: 1, steps: [], cost: 0, time: 0, intermediate: [] },
};

async function startRun(runId: string, holder: string, until: string) {
  return server.app.docstudio.runs.start(
    { runId, ownerId: 'user_lease-test', workflowId: 'wf-lease', tools: ['pdf/to/rotate', 'pdf/to/jpg'] },
    { holder, until, resume },
  );
}

describe('workflow run leases', () => {
  it('leaves a live lease alone and gives an expired one to exactly one of two nodes', async () => {
    const { db } = server.app.docstudio;
    const first = new RunLeases(db, 'node-a', 60_000);
    const second = new RunLeases(db, 'node-b', 60_000);
    await startRun('lease-live-run-abcdefgh', 'node-dead', leaseUntil(60_000));
    expect(await first.claimAbandoned()).not.toContain('lease-live-run-abcdefgh');

    await startRun('lease-lapsed-run-abcdefg', 'node-dead', leaseUntil(-1_000));
    const [a, b] = await Promise.all([first.claimAbandoned(), second.claimAbandoned()]);
    const winners = [...a, ...b].filter((id) => id === 'lease-lapsed-run-abcdefg');
    expect(winners).toHaveLength(1);
    const [winner, loser] = a.includes('lease-lapsed-run-abcdefg') ? [first, second] : [second, first];

    // The winner renews it and stores the run; the loser (and the dead node) can do neither.
    expect(await winner.renew('lease-lapsed-run-abcdefg')).toBe(true);
    expect(await loser.renew('lease-lapsed-run-abcdefg')).toBe(false);
    const found = await server.app.docstudio.runs.adoptable('lease-lapsed-run-abcdefg');
    expect(found?.resume?.checkpoint.next).toBe(1);
    const run = found?.run;
    if (!run) throw new Error('the run is not adoptable');
    const { runs } = server.app.docstudio;
    expect(await runs.saveHeld(run, 'node-dead', resume)).toBe(false);
    expect(await runs.saveHeld(run, loser.holder, resume)).toBe(false);
    expect(await runs.saveHeld(run, winner.holder, resume)).toBe(true);

    // It ends once: the end lets the lease go, so nobody ends it again.
    const ended = { ...run, Status: 'succeeded' as const, EndedAt: new Date().toISOString() };
    expect(await runs.saveHeld(ended, winner.holder, resume)).toBe(true);
    expect(await runs.saveHeld(ended, winner.holder, resume)).toBe(false);
    expect(await winner.renew('lease-lapsed-run-abcdefg')).toBe(false);
    expect(await runs.adoptable('lease-lapsed-run-abcdefg')).toBeUndefined();
    const listed = await runs.list('user_lease-test', 'wf-lease');
    expect(listed.find((entry) => entry.RunId === 'lease-lapsed-run-abcdefg')?.Status).toBe('succeeded');
  });

  it('lets a restarted single process take every run another holder left, live lease or not', async () => {
    const { db } = server.app.docstudio;
    await startRun('lease-restart-run-abcdef', 'previous-process', leaseUntil(60_000));
    const restarted = new RunLeases(db, 'this-process', 60_000);
    expect(await restarted.claimAbandoned()).not.toContain('lease-restart-run-abcdef');
    expect(await restarted.claimAbandoned({ everyOtherHolder: true })).toContain('lease-restart-run-abcdef');
  });
});
