/**
 * Runs a stored workflow server-side as one job: step 1 takes the request's files (or Url), every
 * later step takes the previous step's stored results by FileId (decrypted into a fresh work folder,
 * never re-uploaded). Each conversion goes through the same queue, validation and result storage as
 * POST /convert. A single-file step given several files (after a split) runs once per file, as the
 * studio's own runner does. A failing step with OnError 'stop' ends the run with "Step n failed: …";
 * 'continue' hands the last good files on. Intermediate results are deleted when the run ends.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, ErrorCode, type ErrorCodeValue } from '../contract/errors';
import type { Converter } from '../converters/converter.types';
import type { ReceivedFile, ReceivedRequest } from '../http/convert-inputs';
import { validateConversion } from '../http/convert-validation';
import { type ErrorAnswer, toErrorAnswer } from '../http/error-answer';
import type { ServerContext } from '../http/server-context';
import type { WorkflowStep } from '../http/workflows.routes';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import { type ConversionAnswer, type ResultFileJson, runConversion } from './run-conversion';

export interface WorkflowRunStep extends WorkflowStep {
  converter: Converter;
}

export interface WorkflowRunRequest {
  ownerId: string;
  steps: readonly WorkflowRunStep[];
  /** Step 1's input, as received (files in `received.files`, already in `workDir`). */
  received: ReceivedRequest;
  workDir: string;
  /** Per-step time limit, as the Timeout field of one conversion. */
  timeoutSeconds: number;
  downloadUrl: (fileId: string, fileName: string) => string;
  onStart?: () => void;
}

export interface WorkflowStepJson {
  Order: number;
  Endpoint: string;
  Status: 'Completed' | 'Failed';
  Message?: string;
  Conversions: number;
}

export interface WorkflowAnswer extends ConversionAnswer {
  Steps: WorkflowStepJson[];
}

/** The error the job stores when a step stops the run: the step's status and code, its reason named. */
export class WorkflowStepError extends ApiError {
  constructor(order: number, cause: ErrorAnswer) {
    super(
      cause.status,
      cause.body.Code as ErrorCodeValue,
      `Step ${order} failed: ${cause.body.Message}`,
      cause.body.InvalidParameters,
      cause.headers,
    );
  }
}

/** Copies stored results into a new work folder as the next conversion's received files. */
async function stageStoredFiles(
  context: ServerContext,
  files: readonly ResultFileJson[],
  workDir: string,
  many: boolean,
): Promise<ReceivedFile[]> {
  const inbox = join(workDir, 'in');
  await mkdir(inbox, { mode: 0o700 });
  const staged: ReceivedFile[] = [];
  for (const [index, file] of files.entries()) {
    const stored = file.FileId ? await context.store.get(file.FileId) : undefined;
    if (!file.FileId || !stored)
      throw new ApiError(404, ErrorCode.InvalidFileId, 'A previous step result has expired.');
    const path = join(inbox, `${index}.${stored.ext || 'bin'}`);
    await context.store.decryptToPath(file.FileId, path);
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

/** One conversion of a step: validation (sniffing, accepted types, parameters), then the queue. */
async function convertOnce(
  context: ServerContext,
  request: WorkflowRunRequest,
  step: WorkflowRunStep,
  received: ReceivedRequest,
  workDir: string,
): Promise<ConversionAnswer> {
  try {
    const conversion = await validateConversion(step.converter, received, request.timeoutSeconds);
    return await runConversion(context, {
      converter: step.converter,
      ownerId: request.ownerId,
      files: conversion.files,
      url: conversion.url,
      params: conversion.params,
      workDir,
      timeoutMs: conversion.timeoutSeconds * 1000,
      storeFile: true,
      downloadUrl: request.downloadUrl,
    });
  } finally {
    await removeWorkDir(workDir);
  }
}

async function runStep(
  context: ServerContext,
  request: WorkflowRunRequest,
  step: WorkflowRunStep,
  previous: readonly ResultFileJson[] | undefined,
): Promise<ConversionAnswer[]> {
  const fields: Record<string, string> = { ...step.Parameters };
  if (!previous) {
    const url = request.received.fields.Url;
    if (url !== undefined) fields.Url = url;
    return [
      await convertOnce(context, request, step, { files: request.received.files, fields }, request.workDir),
    ];
  }
  // A single-file step over several files: once per file, in order.
  const batches =
    step.converter.input === 'single-file' && previous.length > 1
      ? previous.map((file) => [file])
      : [previous];
  const answers: ConversionAnswer[] = [];
  for (const batch of batches) {
    const workDir = await createWorkDir();
    let files: ReceivedFile[];
    try {
      files = await stageStoredFiles(context, batch, workDir, step.converter.input === 'multi-file');
    } catch (error) {
      await removeWorkDir(workDir);
      throw error;
    }
    answers.push(await convertOnce(context, request, step, { fields, files }, workDir));
  }
  return answers;
}

export async function runWorkflow(
  context: ServerContext,
  request: WorkflowRunRequest,
): Promise<WorkflowAnswer> {
  request.onStart?.();
  const intermediate = new Set<string>();
  const steps: WorkflowStepJson[] = [];
  let current: ResultFileJson[] | undefined;
  let cost = 0;
  let time = 0;
  try {
    for (const [index, step] of request.steps.entries()) {
      const order = index + 1;
      try {
        const answers = await runStep(context, request, step, current);
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
      } catch (error) {
        const answer = toErrorAnswer(error);
        steps.push({
          Order: order,
          Endpoint: step.Endpoint,
          Status: 'Failed',
          Message: answer.body.Message,
          Conversions: 0,
        });
        // 'continue' only makes sense when a later step has files to work on.
        if (step.OnError !== 'continue' || !current) throw new WorkflowStepError(order, answer);
      }
    }
    const files = current ?? [];
    for (const file of files) if (file.FileId) intermediate.delete(file.FileId);
    return { ConversionCost: cost, ConversionTime: time, Files: files, Steps: steps };
  } finally {
    await removeWorkDir(request.workDir);
    await Promise.allSettled([...intermediate].map((fileId) => context.store.delete(fileId)));
  }
}
