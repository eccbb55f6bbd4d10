/** POST /api/subscribe: the newsletter sign-up. Logic: src/server/subscribe.ts. */
import { instanceFallback } from "../src/server/rate-limit-postgres.js";
import { readSettings } from "../src/server/settings.js";
import { createSubscribeHandler } from "../src/server/subscribe.js";

/** Forgets what this instance counted in memory, the limiter's fallback (tests). */
export function resetRateLimit(): void {
  instanceFallback.reset();
}

export default { fetch: createSubscribeHandler({ settings: readSettings }) };
