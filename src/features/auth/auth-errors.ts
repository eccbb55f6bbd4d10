/**
 * The one place that turns what supabase-js's auth calls throw into the words a person reads: a
 * refused sign-in never says whether the address has an account, a burst of attempts shows the
 * wait, and a refused code says the code was wrong.
 */
import { signInCopy } from "../../content/account";
import { lastRetryAfterSeconds } from "../../lib/supabase";

interface StatusError {
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

function statusOf(error: unknown): number | null {
  const status = (error as StatusError | null)?.status;
  return typeof status === "number" ? status : null;
}

/** GoTrue's 429 (supabase-js's AuthApiError with status 429, code `over_request_rate_limit` and the like). */
export function isRateLimited(error: unknown): boolean {
  return statusOf(error) === 429;
}

/** 'Too many attempts. Try again in N minutes', from the answer's Retry-After when it was readable. */
export function rateLimitMessage(): string {
  const seconds = lastRetryAfterSeconds();
  return signInCopy.rateLimited(seconds === null ? null : Math.max(1, Math.ceil(seconds / 60)));
}

/** No answer at all (offline, a failed chunk, a 5xx): supabase-js reports status 0 or 5xx. */
function isUnreachable(error: unknown): boolean {
  const status = statusOf(error);
  return status === null || status === 0 || status >= 500;
}

/**
 * A refused password sign-in. GoTrue answers 400 `invalid_credentials` for a wrong password and an
 * unknown address alike; whatever else a 4xx says (an unconfirmed address, a banned user) is told
 * the same way here, so the page never confirms that an account exists.
 */
export function signInErrorMessage(error: unknown): string {
  if (isRateLimited(error)) return rateLimitMessage();
  if (isUnreachable(error)) return signInCopy.unreachable;
  return signInCopy.wrongCredentials;
}

/**
 * A code that GoTrue refused as a code (wrong, expired or already used: 400 or 422, e.g.
 * `mfa_verification_failed`), as opposed to a failure to ask at all.
 */
export function isRefusedCode(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 422;
}
