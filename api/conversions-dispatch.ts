/** POST /api/conversions-dispatch: an admin sends one lead's due conversion events now (src/server/conversions/handlers.ts). */
import { createDispatchHandler } from "../src/server/conversions/handlers.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createDispatchHandler({ settings: readSettings }) };
