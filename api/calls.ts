/** /api/calls: discovery calls, their free times, booking and the manage link. Logic: src/server/calls/handler.ts. */
import { waitUntil } from "@vercel/functions";
import { callsDependencies } from "../src/server/calls/function.js";
import { createCallsHandler } from "../src/server/calls/handler.js";

export default { fetch: createCallsHandler(callsDependencies(waitUntil)) };
