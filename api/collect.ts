/** POST /api/collect: the page-view beacon, counted without cookies. Logic: src/server/collect.ts. */
import { createCollectHandler } from "../src/server/collect.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createCollectHandler({ settings: readSettings }) };
