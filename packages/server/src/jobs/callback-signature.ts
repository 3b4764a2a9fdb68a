/**
 * The signature of a webhook delivery, as Stripe signs its events: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" keyed by the workflow's CallbackSecret>`. The time is signed with the
 * body, so a receiver that checks it against its clock (say, within 5 minutes) refuses a replayed
 * delivery; each attempt signs afresh with its own time.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Docstudio-Signature';
export const DELIVERY_HEADER = 'X-Docstudio-Delivery';
export const EVENT_HEADER = 'X-Docstudio-Event';

export function signCallback(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
