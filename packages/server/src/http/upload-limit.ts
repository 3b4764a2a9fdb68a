/**
 * Over-limit uploads end at the limit. The 413 goes out at once; as the body is unfinished, the
 * error handler adds `Connection: close` and Node closes the socket once the answer is flushed, so
 * the rest of the body (however large) is never read: a 10 GB upload against a 100 MB limit costs
 * 100 MB of reading, not 10 GB.
 */
import type { Readable } from 'node:stream';
import { ErrorCode } from '../contract/errors';
import { FileTooLargeError } from '../storage/file-store';
import { ApiError } from './api-error';

export function fileTooLarge(message: string): ApiError {
  return new ApiError(413, ErrorCode.FileTooLarge, message);
}

/**
 * Makes a multipart file stream fail with FileTooLargeError the moment busboy reports its size
 * limit, instead of busboy reading and dropping the rest of the part until it ends.
 */
export function failAtLimit(file: Readable, limit: number): Readable {
  file.once('limit', () => file.destroy(new FileTooLargeError(limit)));
  return file;
}
