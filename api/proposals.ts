/** POST /api/proposals: a client's proposal (view, accept, decline, pay, verify) and a member's send and balance request. Logic: src/server/proposals/handler.ts. */
import { waitUntil } from "@vercel/functions";
import { createProposalsHandler } from "../src/server/proposals/handler.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createProposalsHandler({ settings: readSettings, waitUntil }) };
