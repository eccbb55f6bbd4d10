/** POST /api/subscribe: the newsletter sign-up. Logic: src/server/subscribe.ts. */
import { createRateLimiter } from "../src/server/limits.js";
import { readSettings } from "../src/server/settings.js";
import { createSubscribeHandler } from "../src/server/subscribe.js";

let limiter = createRateLimiter(readSettings());

/** Starts counting afresh (tests). */
export function resetRateLimit(): void {
  limiter = createRateLimiter(readSettings());
}

export default { fetch: createSubscribeHandler({ settings: readSettings, limiter: () => limiter }) };
