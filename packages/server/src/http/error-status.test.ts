/**
 * The status a client gets for each kind of failure the lower layers report: one code, several
 * statuses where the details differ (an engine that stopped, a download too large or too slow).
 */
import { describe, expect, it } from 'vitest';
import {
  conversionFailed,
  DomainError,
  damagedFile,
  ErrorCode,
  engineStopped,
  engineTimeout,
  remoteDownloadFailed,
} from '../contract/errors';
import { ApiError } from './api-error';
import { headersOf, statusOf } from './error-status';

describe('statusOf', () => {
  it('answers a failed conversion 500, and 503 when the engine stopped under the job', () => {
    expect(statusOf(conversionFailed())).toBe(500);
    expect(statusOf(engineStopped('The browser engine stopped.'))).toBe(503);
  });

  it('answers a failed download 422, 413 over its size limit and 504 past its time limit', () => {
    expect(statusOf(remoteDownloadFailed('the server answered HTTP 404.'))).toBe(422);
    expect(statusOf(remoteDownloadFailed('the file is larger than 10 bytes.', 'size'))).toBe(413);
    expect(statusOf(remoteDownloadFailed('it took too long.', 'time'))).toBe(504);
  });

  it('answers the document errors 422 and a timeout 504', () => {
    expect(statusOf(damagedFile())).toBe(422);
    expect(statusOf(engineTimeout())).toBe(504);
  });

  it("keeps the http layer's own status and headers, and turns a retry hint into Retry-After", () => {
    const own = new ApiError(400, ErrorCode.RemoteDownloadFailed, 'Remote fetching is off.');
    expect(statusOf(own)).toBe(400);
    const full = new DomainError(ErrorCode.QueueFull, 'Too many conversions.', { retryAfterSeconds: 10 });
    expect(statusOf(full)).toBe(429);
    expect(headersOf(full)).toEqual({ 'Retry-After': '10' });
  });
});
