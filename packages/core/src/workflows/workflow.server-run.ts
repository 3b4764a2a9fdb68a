/**
 * A saved workflow whose steps need a password the server keeps (answered only as a marker, so the
 * browser never holds it) runs on the server: one `runSavedWorkflow` call, its outcome told step by
 * step through the same callbacks, and so the same states and messages, as a run in the browser.
 */
import type { ConversionClient } from '../api/conversion.client';
import { ConversionError, isAbortError } from '../api/conversion.errors';
import type { ConversionFile } from '../api/conversion.types';
import { heldSecretNames } from './workflow.mapping';
import { stepFailureReason } from './workflow.step';
import type { Workflow } from './workflow.types';

export interface ServerRunReport {
  running(index: number): void;
  completed(index: number): void;
  failed(index: number, reason: string): void;
}

export interface ServerRunOutcome {
  status: 'completed' | 'failed' | 'aborted';
  files: ConversionFile[];
  /** A step failed and ended the run (OnError 'stop'), as opposed to one that let it continue. */
  stopped: boolean;
}

/** True when a step needs a stored password it does not have in the browser. */
export const needsServerRun = (workflow: Workflow): boolean =>
  workflow.steps.some((step) => heldSecretNames(step).length > 0);

/** The step a refusal names: 'Step n failed: …' of a stopped run, or 400 problems keyed 'Steps[n].Name'. */
export function failedStep(error: ConversionError): { index: number; reason: string } {
  const stopped = /^Step (\d+) failed: ([\s\S]*)$/.exec(error.serverMessage ?? '');
  if (stopped) return { index: Number(stopped[1]) - 1, reason: stopped[2] ?? '' };
  const problems = Object.entries(error.fieldErrors)
    .map(([name, reasons]) => ({ match: /^Steps\[(\d+)\](?:\.(.+))?$/.exec(name), reasons }))
    .filter((problem) => problem.match);
  const first = problems[0];
  if (!first?.match) return { index: 0, reason: stepFailureReason(error) };
  const index = Number(first.match[1]) - 1;
  const details = problems
    .filter((problem) => Number(problem.match?.[1]) - 1 === index)
    .map((problem) => `${problem.match?.[2] ?? 'Step'}: ${problem.reasons.join(', ')}`);
  return { index, reason: `Parameter validation error - ${details.join('; ')}` };
}

export async function runOnServer(
  workflow: Workflow,
  input: { files?: readonly File[]; url?: string },
  client: ConversionClient,
  report: ServerRunReport,
  signal?: AbortSignal,
): Promise<ServerRunOutcome> {
  report.running(0);
  try {
    const result = await client.runSavedWorkflow(
      workflow.id,
      { ...(input.files ? { files: input.files } : {}), ...(input.url ? { url: input.url } : {}) },
      signal ? { signal } : {},
    );
    let failures = 0;
    workflow.steps.forEach((_step, index) => {
      const outcome = result.steps[index];
      if (outcome && !outcome.completed) {
        failures++;
        report.failed(index, outcome.message ?? 'Step failed');
      } else report.completed(index);
    });
    return { status: failures === 0 ? 'completed' : 'failed', files: result.files, stopped: false };
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) return { status: 'aborted', files: [], stopped: true };
    const { index, reason } =
      error instanceof ConversionError ? failedStep(error) : { index: 0, reason: stepFailureReason(error) };
    const failed = Math.min(Math.max(index, 0), workflow.steps.length - 1);
    // A stopped run: the steps before the failing one ran; the server reports only the failure.
    if (error instanceof ConversionError && /^Step \d+ failed: /.test(error.serverMessage ?? ''))
      for (let done = 0; done < failed; done++) report.completed(done);
    report.failed(failed, reason);
    return { status: 'failed', files: [], stopped: true };
  }
}
