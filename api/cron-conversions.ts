/** GET /api/cron-conversions: /api/cron-outbox's run, at the path the deployed Supabase Cron jobs call. */
import { createCronHandler } from "../src/server/outbox/handlers.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createCronHandler({ settings: readSettings }) };
