/**
 * Completion webhooks: a POST of a JSON event to a workflow's CallbackUrl, signed (callback-signature.ts)
 * and sent in the background, so it never delays or fails the run. Every attempt goes through the SSRF
 * guard again (the host's DNS may have changed since the Url was saved) and connects to the address
 * the guard checked. Redirects are never followed (a 3xx is a refusal). A network error, a timeout, a
 * 5xx or 429 is retried after each of `retryDelaysMs`; any other answer ends the delivery. Logs name
 * the delivery, the run and the receiver's origin: never the Url's path or query (hooks often carry a
 * credential there) nor the body. On close, deliveries still going get `drainTimeoutMs`, then are dropped.
 */
import http from 'node:http';
import https from 'node:https';
import type { WebhookSettings } from '../config';
import {
  type PinnedTarget,
  pinnedLookup,
  resolvePublicUrl,
  SsrfBlockedError,
  type SsrfPolicy,
} from '../security/ssrf';
import { newId } from '../storage/file-names';
import type { WorkflowCallback } from '../storage/sealed-callback';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signCallback } from './callback-signature';

export interface CallbackSettings extends WebhookSettings {
  /** The SSRF policy at send time (the server's config). */
  policy: () => SsrfPolicy;
}

/** Where deliveries are logged (a request's logger). */
export interface CallbackLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface CallbackEvent {
  Event: string;
  [field: string]: unknown;
}

export interface DeliveryOutcome {
  deliveryId: string;
  delivered: boolean;
  attempts: number;
  /** The last answer's HTTP status, when there was one. */
  status?: number;
  /** Why it was not delivered: 'refused' (SSRF guard), 'answered' (a final non-2xx), 'failed', 'shutdown'. */
  reason?: 'refused' | 'answered' | 'failed' | 'shutdown';
}

const retryable = (status: number): boolean => status >= 500 || status === 429;

function originOf(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    return 'invalid';
  }
}

function postOnce(target: PinnedTarget, body: string, headers: Record<string, string>, signal: AbortSignal) {
  return new Promise<number>((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        signal,
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        // The receiver's body is of no interest: read and dropped, so the socket closes.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export class CallbackDeliveries {
  private readonly pending = new Set<Promise<DeliveryOutcome>>();
  private readonly closing = new AbortController();

  constructor(private readonly settings: CallbackSettings) {}

  /**
   * Starts a delivery in the background; the outcome never rejects. `ids` only label log lines.
   * `deliveryId` names it (X-Docstudio-Delivery); a workflow run keeps one, whichever node ends it.
   */
  send(
    callback: WorkflowCallback,
    event: CallbackEvent,
    log: CallbackLog,
    ids: Record<string, string> = {},
    deliveryId: string = newId(),
  ): Promise<DeliveryOutcome> {
    const delivery = this.deliver(callback, event, log, ids, deliveryId).catch(
      (): DeliveryOutcome => ({ deliveryId: '', delivered: false, attempts: 0, reason: 'failed' }),
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
    return delivery;
  }

  /** Waits for deliveries still going, at most drainTimeoutMs, then drops the rest. */
  async close(): Promise<void> {
    if (this.pending.size > 0) {
      const all = Promise.allSettled([...this.pending]);
      await Promise.race([all, pause(this.settings.drainTimeoutMs, this.closing.signal)]);
    }
    this.closing.abort();
    await Promise.allSettled([...this.pending]);
  }

  private async deliver(
    callback: WorkflowCallback,
    event: CallbackEvent,
    log: CallbackLog,
    ids: Record<string, string>,
    deliveryId: string,
  ): Promise<DeliveryOutcome> {
    const body = JSON.stringify(event);
    const line = { ...ids, deliveryId, callbackOrigin: originOf(callback.Url) };
    const attempts = 1 + this.settings.retryDelaysMs.length;
    let status: number | undefined;
    let made = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const waited = await pause(this.settings.retryDelaysMs[attempt - 2] ?? 0, this.closing.signal);
        if (!waited) break;
      }
      let target: PinnedTarget;
      try {
        target = await resolvePublicUrl(callback.Url, this.settings.policy());
      } catch (error) {
        if (!(error instanceof SsrfBlockedError)) throw error;
        log.warn({ ...line, attempt }, 'workflow callback refused by the SSRF guard');
        return { deliveryId, delivered: false, attempts: attempt, reason: 'refused' };
      }
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'docstudio-server',
        [EVENT_HEADER]: event.Event,
        [DELIVERY_HEADER]: deliveryId,
        [SIGNATURE_HEADER]: signCallback(callback.Secret, body, Math.floor(Date.now() / 1000)),
      };
      const signal = AbortSignal.any([
        AbortSignal.timeout(this.settings.attemptTimeoutMs),
        this.closing.signal,
      ]);
      made = attempt;
      try {
        status = await postOnce(target, body, headers, signal);
      } catch {
        status = undefined;
        log.warn({ ...line, attempt }, 'workflow callback attempt failed (network error or timeout)');
        continue;
      }
      if (status >= 200 && status < 300) {
        log.info({ ...line, attempt, status }, 'workflow callback delivered');
        return { deliveryId, delivered: true, attempts: attempt, status };
      }
      log.warn({ ...line, attempt, status }, 'workflow callback answered with an error');
      if (!retryable(status))
        return { deliveryId, delivered: false, attempts: attempt, status, reason: 'answered' };
    }
    const shutdown = this.closing.signal.aborted;
    log.warn({ ...line }, shutdown ? 'workflow callback dropped at shutdown' : 'workflow callback gave up');
    return {
      deliveryId,
      delivered: false,
      attempts: made,
      ...(status !== undefined ? { status } : {}),
      reason: shutdown ? 'shutdown' : 'failed',
    };
  }
}
