/**
 * The rate limit every server function uses (the contact form, the newsletter, blog search). One
 * interface, so a handler does not know where the counts live.
 */

/** A quota: at most `limit` hits per `windowSeconds` for one subject under this rule's name. */
export interface RateRule {
  /** Names the route and what is counted, e.g. `contact:ip`. Part of the key. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused this hit ends (for `Retry-After`); 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit of `subject` (a client address, an e-mail address) under `rule`. */
  hit(rule: RateRule, subject: string): Promise<RateDecision>;
}
