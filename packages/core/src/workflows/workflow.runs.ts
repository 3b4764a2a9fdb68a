/**
 * The run history the server keeps per user (`GET workflows/runs?workflowId=`):
 * `{Runs:[{RunId, WorkflowId, Status, Steps:[{Tool, Status, Error?}], StartedAt, EndedAt?, Files?}]}`,
 * read into camelCase records, newest first. Status words are read loosely ('Completed' and
 * 'succeeded', 'error' and 'failed'), since the listing is younger than the rest of the contract.
 */
import type { ConversionFile } from '../api/conversion.types';
import type { StepStatus } from './workflow.types';

export type WorkflowRunStatus = 'running' | 'succeeded' | 'failed';

export interface WorkflowRunStepRecord {
  /** The step's tool or endpoint, as the server names it. */
  tool: string;
  status: StepStatus;
  /** Why the step failed. */
  error?: string;
}

export interface WorkflowRunRecord {
  runId: string;
  workflowId: string;
  status: WorkflowRunStatus;
  steps: WorkflowRunStepRecord[];
  startedAt: string;
  endedAt?: string;
  /** The result files while the server still keeps them. */
  files: ConversionFile[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function runStatusOf(value: unknown): WorkflowRunStatus {
  const word = text(value).toLowerCase();
  if (['succeeded', 'completed', 'complete', 'done', 'success'].includes(word)) return 'succeeded';
  if (['failed', 'error', 'aborted', 'cancelled', 'canceled'].includes(word)) return 'failed';
  return 'running';
}

function stepStatusOf(value: unknown): StepStatus {
  const word = text(value).toLowerCase();
  if (['completed', 'complete', 'succeeded', 'done', 'success'].includes(word)) return 'completed';
  if (['failed', 'error'].includes(word)) return 'error';
  if (word === 'running') return 'running';
  return 'pending';
}

function fileOf(value: unknown): ConversionFile | undefined {
  if (!isRecord(value)) return undefined;
  const url = text(value.Url);
  const fileId = text(value.FileId);
  if (!url && !fileId) return undefined;
  const fileName = text(value.FileName) || 'result';
  const size = Number(value.FileSize);
  const dot = fileName.lastIndexOf('.');
  return {
    fileName,
    fileSize: Number.isFinite(size) && size > 0 ? size : 0,
    url,
    fileId,
    fileExt: dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '',
  };
}

function runOf(value: unknown): WorkflowRunRecord | undefined {
  if (!isRecord(value)) return undefined;
  const runId = text(value.RunId);
  if (!runId) return undefined;
  const steps = (Array.isArray(value.Steps) ? value.Steps : []).filter(isRecord).map((step) => {
    const error = text(step.Error);
    return { tool: text(step.Tool), status: stepStatusOf(step.Status), ...(error ? { error } : {}) };
  });
  const endedAt = text(value.EndedAt);
  return {
    runId,
    workflowId: text(value.WorkflowId),
    status: runStatusOf(value.Status),
    steps,
    startedAt: text(value.StartedAt),
    ...(endedAt ? { endedAt } : {}),
    files: (Array.isArray(value.Files) ? value.Files : [])
      .map(fileOf)
      .filter((file): file is ConversionFile => file !== undefined),
  };
}

const timeOf = (iso: string): number => {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : 0;
};

/** The runs of an answer, newest first; null when the answer is not a run listing. */
export function parseWorkflowRuns(bodyText: string): WorkflowRunRecord[] | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null;
  }
  const list = Array.isArray(body) ? body : isRecord(body) ? (body.Runs ?? body.runs) : undefined;
  if (!Array.isArray(list)) return null;
  return list
    .map(runOf)
    .filter((run): run is WorkflowRunRecord => run !== undefined)
    .sort((a, b) => timeOf(b.startedAt) - timeOf(a.startedAt));
}
