/**
 * GET /api/workflows/runs?workflowId=<id>: the caller's run history, newest first:
 * `{Runs:[{RunId, WorkflowId, Status, Steps:[{Tool, Status, Error?}], StartedAt, EndedAt?, Files?}]}`.
 * RunId is the run's JobId. Without workflowId, all of the caller's runs; a workflowId of another
 * user's workflow lists nothing (the query is bound to the caller). Files are listed only while the
 * result files are still in the store (the retention sweeper removes them), with Urls made for this
 * answer (signed afresh when downloads require the owner).
 */
import type { FastifyInstance } from 'fastify';
import { type RunJson, runJson } from '../jobs/workflow-run-job';
import type { WorkflowRun } from '../jobs/workflow-runs';
import { resultUrlMaker } from './download-links';
import { listRunsSchema } from './schemas/workflows.schema';
import { publicBaseUrl, requireAccount, type ServerContext } from './server-context';

const MAX_ID_LENGTH = 200;

/** The workflowId of the query (either spelling), or undefined for all runs. */
function workflowIdOf(query: unknown): string | undefined {
  const source = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const value = source.workflowId ?? source.WorkflowId;
  const id = typeof value === 'string' ? value.trim() : '';
  return id ? id.slice(0, MAX_ID_LENGTH) : undefined;
}

/** The run with only the files the store still holds. */
async function withStoredFiles(context: ServerContext, run: WorkflowRun): Promise<WorkflowRun> {
  const kept = await Promise.all(
    run.Files.map(async (file) => ((await context.store.get(file.FileId)) ? file : undefined)),
  );
  return { ...run, Files: kept.filter((file) => file !== undefined) };
}

export function registerWorkflowRunsRoute(app: FastifyInstance, context: ServerContext): void {
  app.get('/workflows/runs', { schema: listRunsSchema }, async (request): Promise<{ Runs: RunJson[] }> => {
    const user = await requireAccount(context, request);
    const runs = await context.runs.list(user.id, workflowIdOf(request.query));
    const downloadUrl = resultUrlMaker(context, publicBaseUrl(context, request), user.id);
    const listed = await Promise.all(runs.map((run) => withStoredFiles(context, run)));
    return { Runs: listed.map((run) => runJson(run, downloadUrl)) };
  });
}
