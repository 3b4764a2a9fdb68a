/**
 * Continues, on this node, a workflow run adopted from a node that stopped (jobs/workflow-run-adopter.ts):
 * its steps are planned again from the run's own copy of the workflow's steps (as when it started,
 * even if the workflow was edited since), result Urls keep the starting request's base, and the
 * webhook is the one the workflow had when the run started.
 */
import type { RunResumePoint } from '../jobs/workflow-run-checkpoint';
import { RunHistory } from '../jobs/workflow-run-history';
import { continueWorkflowRun } from '../jobs/workflow-run-job';
import type { WorkflowRun } from '../jobs/workflow-runs';
import { resultUrlMaker } from './download-links';
import { jobDepsOf, type ServerContext } from './server-context';
import { storedCallback } from './workflow-callback';
import { openedSteps, planSteps } from './workflow-run.routes';

export interface ResumeLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function resumeAdoptedRun(
  context: ServerContext,
  log: ResumeLog,
  run: WorkflowRun,
  point: RunResumePoint,
): void {
  const { plan, checkpoint } = point;
  const deps = jobDepsOf(context);
  const downloadUrl = resultUrlMaker(context, plan.publicBase, run.OwnerId);
  void continueWorkflowRun(deps, {
    history: RunHistory.adopted(context.runs, run, context.leases.holder, point),
    callback: storedCallback(context.keys, run.WorkflowId, plan.callback),
    log,
    downloadUrl,
    request: () => ({
      ownerId: run.OwnerId,
      steps: planSteps(context, openedSteps(context, run.WorkflowId, plan.steps)),
      timeoutSeconds: plan.timeoutSeconds,
      downloadUrl,
      resumeFrom: checkpoint,
    }),
  });
}
