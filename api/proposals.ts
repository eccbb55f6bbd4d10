/** POST /api/proposals: a client's proposal (view, accept, decline, pay, verify) and a member's send. Logic: src/server/proposals/handler.ts. */
import { createProposalsHandler } from "../src/server/proposals/handler.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createProposalsHandler({ settings: readSettings }) };
