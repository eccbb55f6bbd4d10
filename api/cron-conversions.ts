/** GET /api/cron-conversions: Vercel Cron sends due conversion events, retries included (src/server/conversions/handlers.ts). */
import { createCronHandler } from "../src/server/conversions/handlers.js";

export default { fetch: createCronHandler() };
