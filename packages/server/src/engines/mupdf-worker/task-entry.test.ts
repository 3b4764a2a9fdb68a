/**
 * The worker threads' entry as readiness checks it: present in this source tree, and missing from a
 * compiled tree that lacks task-worker.js (a broken install), until the file is there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mupdfWorkerProblem } from '.';
import { taskWorkerEntry, workerEntryProblem } from './task-entry';

const dist = await mkdtemp(join(tmpdir(), 'docstudio-worker-entry-'));
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('the worker entry readiness looks for', () => {
  it('is found in this source tree', () => {
    expect(mupdfWorkerProblem()).toBeUndefined();
  });

  it('is missing from a compiled tree without task-worker.js, and found once the file is there', async () => {
    const entry = taskWorkerEntry(pathToFileURL(join(dist, 'chunk-ABC123.js')).href);
    expect(entry.filename).toBe(join(dist, 'task-worker.js'));
    expect(workerEntryProblem(entry)).toMatch(/MuPDF worker threads cannot start/);
    await writeFile(join(dist, 'task-worker.js'), 'export default () => undefined;\n');
    expect(workerEntryProblem(entry)).toBeUndefined();
  });
});
