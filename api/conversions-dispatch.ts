/** POST /api/conversions-dispatch: an admin sends one lead's due outbox rows now (src/server/outbox/handlers.ts). */
import { createDispatchHandler } from "../src/server/outbox/handlers.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createDispatchHandler({ settings: readSettings }) };
