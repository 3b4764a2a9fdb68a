/**
 * Password guessing throttle for the sign-in form, on top of the per-IP bucket of rate-limit.ts.
 *
 * - Per (account, IP): after FREE_FAILURES wrong passwords, each further failure doubles the wait
 *   before that address may try that account again (1 s, 2 s, 4 s … up to 15 min). A success clears it.
 * - Per account, across every address: the same back-off after ACCOUNT_FREE_FAILURES failures, but it
 *   is only enforced on addresses that have failed on this account themselves. An address with no
 *   failures is never refused because of others' guesses: its attempt is only slowed (a delay of up to
 *   2 s before the password is checked). So an attacker spreading guesses over many addresses gets one
 *   try per address and then waits, while the owner, typing the right password from their own address,
 *   still signs in.
 * Accounts are keyed by the email as typed (lower-cased), whether or not such an account exists, so
 * the answers do not tell which accounts exist. In-process, like the other limits.
 */

const FREE_FAILURES = 3;
const ACCOUNT_FREE_FAILURES = 10;
const MAX_WAIT_SECONDS = 15 * 60;
const MAX_SLOWDOWN_MS = 2000;
/** Failure records idle this long are forgotten. */
const FORGET_AFTER_MS = 24 * 3600 * 1000;
const PRUNE_AT = 10_000;

interface Failures {
  count: number;
  last: number;
}

export interface SignInVerdict {
  /** Seconds to wait before trying this account from this address again; 0: go ahead. */
  waitSeconds: number;
  /** Delay before checking the password (an address with no failures on a much-guessed account). */
  slowdownMs: number;
}

export class SignInThrottle {
  private readonly pairs = new Map<string, Failures>();
  private readonly accounts = new Map<string, Failures>();

  constructor(private readonly now: () => number = Date.now) {}

  check(email: string, ip: string): SignInVerdict {
    const account = this.accounts.get(accountKey(email));
    const pair = this.pairs.get(pairKey(email, ip));
    if (!pair) {
      const over = (account?.count ?? 0) - ACCOUNT_FREE_FAILURES;
      return { waitSeconds: 0, slowdownMs: over > 0 ? Math.min(MAX_SLOWDOWN_MS, 100 * 2 ** over) : 0 };
    }
    return {
      waitSeconds: Math.max(this.wait(pair, FREE_FAILURES), this.wait(account, ACCOUNT_FREE_FAILURES)),
      slowdownMs: 0,
    };
  }

  failed(email: string, ip: string): void {
    const now = this.now();
    if (this.pairs.size >= PRUNE_AT) prune(this.pairs, now);
    if (this.accounts.size >= PRUNE_AT) prune(this.accounts, now);
    for (const [table, key] of [
      [this.pairs, pairKey(email, ip)],
      [this.accounts, accountKey(email)],
    ] as const) {
      const entry = table.get(key);
      table.set(key, { count: (entry?.count ?? 0) + 1, last: now });
    }
  }

  /** The right password: this address starts afresh on this account (others' guesses still count). */
  succeeded(email: string, ip: string): void {
    this.pairs.delete(pairKey(email, ip));
  }

  private wait(entry: Failures | undefined, free: number): number {
    if (!entry || entry.count < free) return 0;
    const backOff = Math.min(MAX_WAIT_SECONDS, 2 ** (entry.count - free)) * 1000;
    const left = entry.last + backOff - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }
}

const accountKey = (email: string): string => email.trim().toLowerCase();
const pairKey = (email: string, ip: string): string => `${accountKey(email)}\n${ip}`;

function prune(table: Map<string, Failures>, now: number): void {
  for (const [key, entry] of table) if (now - entry.last > FORGET_AFTER_MS) table.delete(key);
}
