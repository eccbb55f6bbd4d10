/**
 * /api/proposals: a client's proposal, the server's side (api/proposals.ts is the adapter Vercel
 * runs). One function, POST only, told apart by `action` in a JSON body; every token travels in the
 * body, never in a URL (the client's page keeps it in its fragment).
 *
 * POST `{ action: "send", proposal }` with `Authorization: Bearer <the member's access token>`
 *   A member who works leads sends a draft (or sends again one not yet answered). The call is the
 *   member's own: `send_proposal` with their token and the anon key, so the database's rules decide
 *   (works_leads, the second factor, a plan that adds up), exactly as from the admin. The client's
 *   token is derived (tokens.ts) from the proposal's id and the number of this send, so each send
 *   gives a new link and the one before stops working; only its SHA-256 is stored.
 *   200 `{ link, sentAt, message }`, the link `/proposals/view#token=…`; 401 without a session, 403
 *   for a member who may not send, 404 for a proposal they cannot see, 409 for one already answered,
 *   400 for one that does not add up or is past its date (the database's words).
 * POST `{ action: "view" | "accept" | "decline", token, … }`   client.ts
 * POST `{ action: "pay" | "verify", token, … }`                payment.ts
 *   404 `{ message, reason: "unknown" }` for a link unknown (or replaced by a new send), 410 with
 *   `reason` withdrawn, expired or declined.
 *
 * Everywhere: 405 with `Allow: POST` for another method; 413 over PROPOSALS_BODY_BYTES, 415 and 400
 * for an unreadable body; 429 with Retry-After (per client address: views 60 and answers 20 in 10
 * minutes, sends 30); 503 with Retry-After when the database cannot be reached or nothing is
 * configured (on Vercel, PROPOSALS_TOKEN_SECRET must be set). Refusals are `{ message, reason?,
 * field? }`.
 *
 * The service-role key: the client is no signed-in user, and `proposal_by_token`,
 * `accept_proposal`, `decline_proposal`, `record_payment_request`, `record_payment_link` and
 * `record_payment` are the service role's alone (20261129180000_proposals_and_payments.sql,
 * 20261129190000_one_open_payment_request.sql). The token stands for the client, and the function
 * reads with the key only what the client's view shows, the lead's e-mail address for Paystack, an
 * open checkout's address, and the counters of the rate limit. Sending never uses it.
 */
import { PostgrestClient, type PostgrestError } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import { Answer, BodyError, json, readFields, refuse } from "../http.js";
import { MemoryRateLimiter } from "../rate-limit-memory.js";
import { sharedLimiter } from "../request-limits.js";
import { DEV_PROPOSALS_TOKEN_SECRET, type ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget, supabaseTarget } from "../supabase.js";
import { hashToken } from "../calls/tokens.js";
import { accept, decline, view } from "./client.js";
import {
  limit,
  messages,
  originOf,
  PROPOSALS_BODY_BYTES,
  PROPOSALS_RATE_LIMIT,
  unavailable,
  type ProposalsContext,
  type ProposalsDependencies,
} from "./context.js";
import { pay, verify } from "./payment.js";
import { proposalLink, proposalTokenFor } from "./tokens.js";

export type { ProposalsDependencies } from "./context.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database's refusal of a send, with the status its code means and its own words. */
function sendRefusal(error: PostgrestError): Answer {
  const status =
    error.code === "42501"
      ? 403
      : error.code === "P0002"
        ? 404
        : error.code === "55000"
          ? 409
          : error.code === "22023" || error.code === "23514"
            ? 400
            : error.code === "PGRST301" || error.code === "PGRST303"
              ? 401
              : 0;
  if (status === 0) return unavailable("send_proposal", error);
  return refuse(status, { message: status === 401 ? messages.noSession : error.message });
}

async function send(context: ProposalsContext, fields: Record<string, unknown>, accessToken: string) {
  await limit(context, PROPOSALS_RATE_LIMIT.send);
  const id = typeof fields.proposal === "string" ? fields.proposal : "";
  if (!UUID.test(id)) throw refuse(400, { message: messages.proposalId, field: "proposal" });
  const caller = supabaseTarget(context.settings, context.request.url);
  if (!caller) throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  // PostgREST as the member: their token, the anon key; RLS and send_proposal's own checks decide.
  const asMember = new PostgrestClient<Database>(`${caller.url}/rest/v1`, {
    headers: { apikey: caller.key, Authorization: `Bearer ${accessToken}` },
    ...(context.deps.fetch ? { fetch: context.deps.fetch } : {}),
  });
  // This send's number: the sends before it (none visible to a caller who may not send), plus one.
  const before = await asMember.from("proposal_events").select("id").eq("proposal_id", id).eq("kind", "sent");
  if (before.error) throw sendRefusal(before.error);
  const token = proposalTokenFor(id, before.data.length + 1, context.settings.proposalsTokenSecret);
  const { data, error } = await asMember.rpc("send_proposal", { proposal: id, token_hash: hashToken(token) });
  if (error) throw sendRefusal(error);
  // No outbox kind carries a proposal to its client yet: the member sends the link themselves.
  return json(
    200,
    { link: proposalLink(originOf(context), token), sentAt: data, message: messages.sent },
    { "cache-control": "no-store" },
  );
}

const CLIENT_ACTIONS = { view, accept, decline, pay, verify } as const;

export function createProposalsHandler(deps: ProposalsDependencies) {
  const fallback = new MemoryRateLimiter();

  function open(request: Request, settings: ServerSettings): ProposalsContext {
    if (settings.onVercel && settings.proposalsTokenSecret === DEV_PROPOSALS_TOKEN_SECRET) {
      // The development key is in the repository: links derived with it could be forged.
      console.error(
        "proposals: set PROPOSALS_TOKEN_SECRET (a long random value); the clients' links are derived with it",
      );
      throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
    }
    const target = serviceTarget(settings, request.url);
    if (!target) {
      console.error("proposals: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the function's way into the database)");
      throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
    }
    // The service-role key: the client's functions are the service role's alone (see the header).
    const db = createServiceClient(target.url, target.key, deps.fetch ? { fetch: deps.fetch } : {});
    const limiter = deps.limiter ?? sharedLimiter(db, settings, fallback);
    return { request, settings, db, limiter, deps };
  }

  async function route(request: Request, settings: ServerSettings): Promise<Response> {
    if (request.method !== "POST") throw refuse(405, { message: messages.methodNotAllowed }, { allow: "POST" });
    const fields = await readFields(request, PROPOSALS_BODY_BYTES, messages);
    if (!fields) throw refuse(400, { message: messages.empty });
    const action = fields.action;
    if (action === "send") {
      const accessToken = /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!accessToken) throw refuse(401, { message: messages.noSession });
      return send(open(request, settings), fields, accessToken);
    }
    if (typeof action !== "string" || !Object.hasOwn(CLIENT_ACTIONS, action))
      throw refuse(400, { message: messages.action });
    return CLIENT_ACTIONS[action as keyof typeof CLIENT_ACTIONS](open(request, settings), fields);
  }

  return async function handleProposals(request: Request): Promise<Response> {
    try {
      return await route(request, deps.settings());
    } catch (error) {
      if (error instanceof Answer) return error.response;
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      console.error("proposals: the request failed:", error instanceof Error ? error.message : error);
      return json(503, { message: messages.unavailable }, { "retry-after": "60", "cache-control": "no-store" });
    }
  };
}
