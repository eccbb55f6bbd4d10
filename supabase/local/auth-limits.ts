/**
 * The local GoTrue's rate limits, in memory per instance (a restart forgets them, as a hosted
 * project's limits reset over time): a sliding window of events per key. Sign-in counts failures
 * per address and per client, so a burst of wrong passwords for one account, or from one client
 * across many accounts, is refused with 429 and `Retry-After` before any password is compared.
 */
export interface Rule {
  limit: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

export const RULES = {
  /** Wrong passwords for one address; a successful sign-in clears them. */
  signInAddress: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong passwords from one client, whatever the address. */
  signInClient: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong TOTP codes for one user. */
  mfaUser: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Recovery requests from one client (answered alike whether or not the address exists). */
  recoverClient: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Recovery mails to one address: one a minute (further requests are answered but send nothing). */
  recoverMail: { limit: 1, windowSeconds: 60 },
  /** Invalid or expired recovery tokens from one client. */
  verifyClient: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, Rule>;

/** Keys kept at most; the oldest are dropped beyond it, so a flood of addresses cannot exhaust memory. */
const MAX_KEYS = 10_000;

export class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string, rule: Rule): number[] {
    const since = this.now() - rule.windowSeconds * 1000;
    const kept = (this.events.get(key) ?? []).filter((time) => time > since);
    if (kept.length) this.events.set(key, kept);
    else this.events.delete(key);
    return kept;
  }

  /** Whole seconds until `key` may act again under `rule`; 0 when it may now. */
  retryAfter(key: string, rule: Rule): number {
    const kept = this.recent(key, rule);
    if (kept.length < rule.limit) return 0;
    const freeAt = kept[kept.length - rule.limit]! + rule.windowSeconds * 1000;
    return Math.max(1, Math.ceil((freeAt - this.now()) / 1000));
  }

  record(key: string, rule: Rule): void {
    const kept = this.recent(key, rule);
    this.events.delete(key);
    this.events.set(key, [...kept, this.now()]);
    if (this.events.size > MAX_KEYS) this.events.delete(this.events.keys().next().value!);
  }

  clear(key: string): void {
    this.events.delete(key);
  }
}
