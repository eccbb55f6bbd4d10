/** GET /api/cron-outbox: the schedule's run of the outbox, retries included (src/server/outbox/handlers.ts). */
import { createCronHandler } from "../src/server/outbox/handlers.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createCronHandler({ settings: readSettings }) };
