/**
 * A cap on the bytes all requests together may be sending at once (MAX_RECEIVING_BYTES), so twenty
 * 99 MB uploads cannot fill the RAM-backed work folders before the queue limit applies. A request is
 * charged its Content-Length when it arrives (a chunked body: the bytes as they come) and released
 * when it is answered; one that would go over the cap is refused with 429 before its body is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';

const RETRY_AFTER_SECONDS = 5;

export class ReceivingBudget {
  private inFlight = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.inFlight;
  }

  /**
   * Charges the request, or throws 429 when the cap would be passed. Returns the progress callback
   * that charges a chunked body (no Content-Length) as its bytes arrive.
   */
  admit(request: FastifyRequest, reply: FastifyReply): (received: number) => void {
    const declared = Number(request.headers['content-length']);
    const known = Number.isFinite(declared) && declared > 0;
    const charge = known ? declared : 0;
    // One request alone may always come (its own size limit judges it), else nothing would pass.
    if (this.inFlight + charge > this.maxBytes && this.inFlight > 0) throw busy();
    let charged = charge;
    this.inFlight += charge;
    let released = false;
    const progress = (received: number): void => {
      if (known || released || received <= charged) return;
      this.inFlight += received - charged;
      charged = received;
    };
    const release = (): void => {
      if (released) return;
      released = true;
      this.inFlight -= charged;
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    return progress;
  }
}

const busy = (): ApiError =>
  new ApiError(
    429,
    ErrorCode.RateLimited,
    `Too many requests. The server is receiving too much data at once; please try again in ${RETRY_AFTER_SECONDS} seconds.`,
    undefined,
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
