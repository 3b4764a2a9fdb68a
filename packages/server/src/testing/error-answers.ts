/**
 * The answer a client gets for an error that an engine, a converter or a job threw: the status the
 * http layer chooses for it (http/error-status.ts), its Code, Message and InvalidParameters. Tests
 * of the lower layers assert on this, what a user sees, since those layers carry no HTTP status.
 */
import { DomainError } from '../contract/errors';
import { statusOf } from '../http/error-status';

export interface ErrorAnswerSeen {
  status: number;
  code: number;
  message: string;
  invalidParameters?: Record<string, string[]>;
}

/** The answer for `error`; anything but a DomainError fails the test (it would be a bare 500). */
export function answerTo(error: unknown): ErrorAnswerSeen {
  if (!(error instanceof DomainError))
    throw new Error(`Expected a DomainError, got ${String(error)}`, { cause: error });
  const answer: ErrorAnswerSeen = { status: statusOf(error), code: error.code, message: error.message };
  if (error.invalidParameters) answer.invalidParameters = error.invalidParameters;
  return answer;
}

/** The answer for the error `work` rejects with; fails when it does not reject. */
export async function answerToRejection(work: Promise<unknown>): Promise<ErrorAnswerSeen> {
  try {
    await work;
  } catch (error) {
    return answerTo(error);
  }
  throw new Error('Expected a rejection, but the work succeeded.');
}
