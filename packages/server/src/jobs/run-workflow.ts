/**
 * Runs a stored workflow server-side as the work of one job: step 1 takes the request's files (or
 * Url), checked at the HTTP edge; every later step takes the previous step's stored results by FileId
 * (decrypted into a fresh work folder, never re-uploaded), checked here as inputs, since they exist
 * only now. Each step's parameters were resolved at the edge before the job started. Each conversion
 * goes through `deps.conversions`, as for POST /convert. A single-file step given several files (after a split)
 * runs once per file, as the studio's own runner does. A failing step with OnError 'stop' ends the
 * run with "Step n failed: …"; 'continue' hands the last good files on. Intermediate results are
 * deleted when the run ends. After each step the run's checkpoint (next step, its input FileIds) goes
 * to `progress`, so another node can continue a run whose node died (`resumeFrom`).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError, ErrorCode, type ErrorCodeValue } from '../contract/errors';
import type { Converter, ConverterInputFile } from '../converters/converter.types';
import type { OpenedWorkflowStep } from '../storage/sealed-steps';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import type { ConversionOptions } from './conversion-input';
import type { Conversions } from './conversions';
import { checkInputFiles, type ReceivedFile } from './input-files';
import type { JobDeps } from './job-lifecycle';
import type { JobFailure } from './job-records';
import type { ConversionAnswer, ResultFileJson } from './result-files';
import { type ConversionDeps, deadlineFromNow } from './run-conversion';
import {
  interruptedBeforeFirstStep,
  type RunCheckpoint,
  RunHandedOverError,
  type WorkflowStepJson,
} from './workflow-run-checkpoint';
import type { WorkflowRunProgress } from './workflow-run-history';

export interface WorkflowRunStep extends OpenedWorkflowStep {
  converter: Converter;
  /** The step's parameters, resolved at the HTTP edge against its converter. */
  options: ConversionOptions;
}

export interface WorkflowRunRequest {
  ownerId: string;
  steps: readonly WorkflowRunStep[];
  /**
   * Step 1's input, checked at the HTTP edge: files already in `workDir`, or the Url. Absent when the
   * run is continued elsewhere (`resumeFrom`): only the node that received the request had them.
   */
  firstInput?: { files: ConverterInputFile[]; url?: string };
  workDir?: string;
  /** Continue after the steps this checkpoint says finished (a run adopted from another node). */
  resumeFrom?: RunCheckpoint;
  /** Per-step time limit, as the Timeout field of one conversion (a step's own Timeout wins). */
  timeoutSeconds: number;
  downloadUrl: (fileId: string, fileName: string) => string;
  onStart?: () => void;
  /** Told when each step starts and ends (the run history). */
  progress?: WorkflowRunProgress;
}

export type WorkflowDeps = ConversionDeps & Pick<JobDeps, 'describeFailure'> & { conversions: Conversions };

export type { WorkflowStepJson };

export interface WorkflowAnswer extends ConversionAnswer {
  Steps: WorkflowStepJson[];
}

/**
 * The error the job stores when a step stops the run: the step's code and details (so the same
 * status), its reason named. `failure` is the step's error as answered, its message already path-free.
 */
export class WorkflowStepError extends DomainError {
  constructor(order: number, cause: unknown, failure: JobFailure) {
    super(failure.body.Code as ErrorCodeValue, `Step ${order} failed: ${failure.body.Message}`, {
      ...(cause instanceof DomainError ? cause.details() : {}),
      invalidParameters: failure.body.InvalidParameters,
    });
  }
}

/** Copies stored results into a new work folder as the next conversion's received files. */
async function stageStoredFiles(
  deps: WorkflowDeps,
  files: readonly ResultFileJson[],
  workDir: string,
  many: boolean,
): Promise<ReceivedFile[]> {
  const inbox = join(workDir, 'in');
  await mkdir(inbox, { mode: 0o700 });
  const staged: ReceivedFile[] = [];
  for (const [index, file] of files.entries()) {
    const stored = file.FileId ? await deps.store.get(file.FileId) : undefined;
    if (!file.FileId || !stored)
      throw new DomainError(ErrorCode.InvalidFileId, 'A previous step result has expired.');
    const path = join(inbox, `${index}.${stored.ext || 'bin'}`);
    await deps.store.decryptToPath(stored, path);
    staged.push({
      field: many ? `Files[${index}]` : 'File',
      index,
      path,
      fileName: stored.fileName,
      ext: stored.ext,
      size: stored.size,
    });
  }
  return staged;
}

/** One conversion of a step, through the queue like any other. */
function convertOnce(
  deps: WorkflowDeps,
  request: WorkflowRunRequest,
  step: WorkflowRunStep,
  input: { files: ConverterInputFile[]; url?: string },
  workDir: string,
): Promise<ConversionAnswer> {
  const { params, keepActiveContent, timeoutSeconds } = step.options;
  return deps.conversions.run({
    converter: step.converter,
    ownerId: request.ownerId,
    input: { ...input, params, keepActiveContent },
    workDir,
    deadlineAt: deadlineFromNow(timeoutSeconds ?? request.timeoutSeconds),
    storeFile: true,
    downloadUrl: request.downloadUrl,
  });
}

/** A later step's conversion: the previous results staged and checked as this converter's inputs. */
async function convertStored(
  deps: WorkflowDeps,
  request: WorkflowRunRequest,
  step: WorkflowRunStep,
  batch: readonly ResultFileJson[],
): Promise<ConversionAnswer> {
  const workDir = await createWorkDir();
  let files: ConverterInputFile[];
  try {
    const staged = await stageStoredFiles(deps, batch, workDir, step.converter.input === 'multi-file');
    files = await checkInputFiles(step.converter, staged, step.options.url);
  } catch (error) {
    await removeWorkDir(workDir);
    throw error;
  }
  return convertOnce(deps, request, step, { files, url: step.options.url }, workDir);
}

async function runStep(
  deps: WorkflowDeps,
  request: WorkflowRunRequest,
  step: WorkflowRunStep,
  previous: readonly ResultFileJson[] | undefined,
): Promise<ConversionAnswer[]> {
  if (!previous) {
    if (!request.firstInput || !request.workDir) throw interruptedBeforeFirstStep();
    return [await convertOnce(deps, request, step, request.firstInput, request.workDir)];
  }
  // A single-file step over several files: once per file, in order.
  const batches =
    step.converter.input === 'single-file' && previous.length > 1
      ? previous.map((file) => [file])
      : [previous];
  const answers: ConversionAnswer[] = [];
  for (const batch of batches) answers.push(await convertStored(deps, request, step, batch));
  return answers;
}

export async function runWorkflow(deps: WorkflowDeps, request: WorkflowRunRequest): Promise<WorkflowAnswer> {
  request.onStart?.();
  const from = request.resumeFrom;
  const intermediate = new Set<string>(from?.intermediate ?? []);
  // What the last checkpoint names: another node may go on with these, so a node that lost the run keeps them.
  let checkpointed = new Set(intermediate);
  const steps: WorkflowStepJson[] = [...(from?.steps ?? [])];
  let current: ResultFileJson[] | undefined = from?.current;
  let cost = from?.cost ?? 0;
  let time = from?.time ?? 0;
  let handedOver = false;
  try {
    for (let index = from?.next ?? 0; index < request.steps.length; index++) {
      const step = request.steps[index] as WorkflowRunStep;
      const order = index + 1;
      await request.progress?.stepStarted(index);
      try {
        const answers = await runStep(deps, request, step, current);
        current = answers.flatMap((answer) => answer.Files);
        for (const file of current) if (file.FileId) intermediate.add(file.FileId);
        cost += answers.reduce((sum, answer) => sum + answer.ConversionCost, 0);
        time += answers.reduce((sum, answer) => sum + answer.ConversionTime, 0);
        steps.push({
          Order: order,
          Endpoint: step.Endpoint,
          Status: 'Completed',
          Conversions: answers.length,
        });
        await request.progress?.stepCompleted(index);
      } catch (error) {
        const answer = deps.describeFailure(error);
        steps.push({
          Order: order,
          Endpoint: step.Endpoint,
          Status: 'Failed',
          Message: answer.body.Message,
          Conversions: 0,
        });
        await request.progress?.stepFailed(index, answer.body.Message);
        // 'continue' only makes sense when a later step has files to work on.
        if (step.OnError !== 'continue' || !current) throw new WorkflowStepError(order, error, answer);
      }
      await request.progress?.checkpoint({
        next: index + 1,
        ...(current ? { current } : {}),
        steps,
        cost,
        time,
        intermediate: [...intermediate],
      });
      checkpointed = new Set(intermediate);
    }
    const files = current ?? [];
    for (const file of files) if (file.FileId) intermediate.delete(file.FileId);
    return { ConversionCost: cost, ConversionTime: time, Files: files, Steps: steps };
  } catch (error) {
    handedOver = error instanceof RunHandedOverError;
    throw error;
  } finally {
    if (request.workDir) await removeWorkDir(request.workDir);
    // Taken over: only this node's results since the last checkpoint are its own to delete.
    const mine = handedOver ? [...intermediate].filter((id) => !checkpointed.has(id)) : [...intermediate];
    await Promise.allSettled(mine.map((fileId) => deps.store.delete(fileId)));
  }
}
