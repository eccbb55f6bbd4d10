/** GET /api/cron-conversions: Vercel Cron sends due conversion events, retries included (src/server/conversions/handlers.ts). */
import { createCronHandler } from "../src/server/conversions/handlers.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createCronHandler({ settings: readSettings }) };
