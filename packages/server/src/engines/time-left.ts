/**
 * One time budget, one name: a job's time is up at `deadlineAt` (epoch milliseconds, the converter
 * context's and the worker tasks' name for it). An engine call takes a `timeoutMs`, how long that one
 * call may run; within a job it is the time left, never more.
 */

/** Milliseconds from now until `deadlineAt`, at least `atLeastMs` (a call with no time left fails at once). */
export const timeLeftMs = (deadlineAt: number, atLeastMs = 1): number =>
  Math.max(atLeastMs, deadlineAt - Date.now());

/**
 * Whether `work` fulfils within `ms`: false once it rejects or the time is up, whichever comes first
 * (a close that may never answer, a drain with a cap). The timer does not outlive the answer.
 */
export async function fulfilsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
