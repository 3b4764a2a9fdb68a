/**
 * What lets any API node finish a workflow run: the run's plan (its steps as stored when it started,
 * secrets still sealed) and its checkpoint (the next step, the last finished step's result FileIds),
 * both sealed inside the run's history record, and a lease (`lease_holder`, `lease_until`) the
 * coordinating node renews while it works. A node whose lease ran out, or that lost it to another
 * node, stops at its next write: what it produced after its last checkpoint is thrown away.
 */
import { DomainError, ErrorCode } from '../contract/errors';
import type { StoredWorkflowStep } from '../storage/sealed-steps';
import type { ResultFileJson } from './result-files';

/** One step's line in a run's answer (GET job/{JobId} `Steps`). */
export interface WorkflowStepJson {
  Order: number;
  Endpoint: string;
  Status: 'Completed' | 'Failed';
  Message?: string;
  Conversions: number;
}

/** What the run was started with, beyond its steps' order (enough to rebuild the run elsewhere). */
export interface RunPlan {
  /** The workflow's steps as stored when the run started (their secrets sealed as in the row). */
  steps: StoredWorkflowStep[];
  /** The run's Timeout: each step's limit unless the step sets its own. */
  timeoutSeconds: number;
  /** Base of the result Urls, as the starting request saw it. */
  publicBase: string;
  /** The workflow's sealed completion webhook when the run started (null: none). */
  callback: string | null;
  /** The webhook's delivery id: one per run, whichever node ends it. */
  deliveryId: string;
}

/** Where the run stands after its last finished step. */
export interface RunCheckpoint {
  /** The index (from 0) of the step to run next; 0: no step finished yet. */
  next: number;
  /** The files the next step takes (the last good step's results). */
  current?: ResultFileJson[];
  steps: WorkflowStepJson[];
  cost: number;
  time: number;
  /** Every stored result of the run so far, deleted when the run ends unless it is a final result. */
  intermediate: string[];
}

export interface RunResumePoint {
  plan: RunPlan;
  checkpoint: RunCheckpoint;
}

export interface RunLease {
  holder: string;
  /** ISO time the claim lasts until without a renewal. */
  until: string;
}

export const leaseUntil = (leaseMs: number, now = Date.now()): string =>
  new Date(now + leaseMs).toISOString();

/** Thrown where a node finds its run taken over by another: nothing is recorded or sent by this node. */
export class RunHandedOverError extends Error {
  constructor(runId: string) {
    super(`Workflow run ${runId} is being continued by another node.`);
  }
}

/**
 * Step 1 reads the request's own files, which only the node that received them had: a run
 * interrupted before step 1 finished cannot go on anywhere else and fails with this (503, Code 5030).
 */
export const interruptedBeforeFirstStep = (): DomainError =>
  new DomainError(
    ErrorCode.NotReady,
    'The run was interrupted before its first step finished (its server stopped); please run it again.',
  );
