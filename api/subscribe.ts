/** POST /api/subscribe: the newsletter sign-up. Logic: src/server/subscribe.ts. */
import { readSettings } from "../src/server/settings.js";
import { createSubscribeHandler } from "../src/server/subscribe.js";

export default { fetch: createSubscribeHandler({ settings: readSettings }) };
