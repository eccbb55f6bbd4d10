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
 *   200 `{ link, sentAt, message }`, the link `/proposals/view#token=…`, which the outbox e-mails to
 *   the client at once (the `link` row the send wrote, outbox.ts); the answer keeps it so the member
 *   can also copy it. 401 without a session, 403 for a member who may not send, 404 for a proposal
 *   they cannot see, 409 for one already answered, 400 for one that does not add up or is past its
 *   date (the database's words).
 * POST `{ action: "request_balance", proposal }` with the member's bearer token
 *   A member who works leads asks the client for what is left: `request_balance` under their token
 *   and RLS (an accepted proposal, or one paid in part, with an installment due at completion or a
 *   milestone unpaid; once a day), which queues the e-mail. 200 `{ requestedAt, message }`; 401, 403
 *   and 404 as send; 409 for a proposal not accepted, paid, with nothing due at completion or asked
 *   less than a day ago; 400 for no proposal id.
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
 * After a send, a balance request, an acceptance and a verified payment, the outbox's rows of the
 * proposal's lead are sent right after the answer (`waitUntil`, as api/calls does); what cannot be
 * sent then waits for the schedule, which also sends the receipts of payments the webhook records.
 *
 * The service-role key: the client is no signed-in user, and `proposal_by_token`,
 * `accept_proposal`, `decline_proposal`, `record_payment_request`, `record_payment_link` and
 * `record_payment` are the service role's alone (20261129180000_proposals_and_payments.sql,
 * 20261129190000_one_open_payment_request.sql). The token stands for the client, and the function
 * reads with the key only what the client's view shows, the lead's e-mail address for Paystack, an
 * open checkout's address, and the counters of the rate limit. Sending never uses it.
 */
import { PostgrestClient, type PostgrestError } from "@supabase/postgrest-js";
import { proposalMemberCopy } from "../../content/proposal-mail.js";
import type { Database } from "../../lib/database.js";
import { Answer, BodyError, json, readFields, refuse } from "../http.js";
import { dispatchForLead, type OutboxRuntime } from "../outbox/run.js";
import { MemoryRateLimiter } from "../rate-limit-memory.js";
import { sharedLimiter } from "../request-limits.js";
import { DEV_PROPOSALS_TOKEN_SECRET, type ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget, supabaseTarget } from "../supabase.js";
import { hashToken, isTokenShape } from "../calls/tokens.js";
import { phoneDigits } from "../conversions/identifiers.js";
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

export interface ProposalsHandlerDependencies extends ProposalsDependencies {
  /** Keeps the outbox's run after the answer alive (Vercel's waitUntil); without it the schedule sends. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** How the outbox's run reaches the database (the local servers pass their in-process one). */
  outbox?: Omit<OutboxRuntime, "settings">;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database's refusal of a member's call, with the status its code means and its own words. */
function memberRefusal(error: PostgrestError, what: string, noSession: string = messages.noSession): Answer {
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
  if (status === 0) return unavailable(what, error);
  return refuse(status, { message: status === 401 ? noSession : error.message });
}

/** PostgREST as the member: their token, the anon key; RLS and the functions' own checks decide. */
function memberClient(context: ProposalsContext, accessToken: string): PostgrestClient<Database> {
  const caller = supabaseTarget(context.settings, context.request.url);
  if (!caller) throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  return new PostgrestClient<Database>(`${caller.url}/rest/v1`, {
    headers: { apikey: caller.key, Authorization: `Bearer ${accessToken}` },
    ...(context.deps.fetch ? { fetch: context.deps.fetch } : {}),
  });
}

/** Sends the outbox's rows of a proposal's lead after the answer. */
type Dispatch = (context: ProposalsContext, find: { proposal: string } | { tokenHash: string }) => void;

/** A member's action: what they sent, their bearer token, and the outbox to send what it wrote. */
type MemberAction = (
  context: ProposalsContext,
  fields: Record<string, unknown>,
  accessToken: string,
  dispatch: Dispatch,
) => Promise<Response>;

/**
 * The proposal a member's action is about, once the members' limit has counted the request: its id,
 * or a refusal with the action's own words when `fields.proposal` is not one.
 */
async function memberProposalId(
  context: ProposalsContext,
  fields: Record<string, unknown>,
  notAnId: string,
): Promise<string> {
  await limit(context, PROPOSALS_RATE_LIMIT.send);
  const id = typeof fields.proposal === "string" ? fields.proposal : "";
  if (!UUID.test(id)) throw refuse(400, { message: notAnId, field: "proposal" });
  return id;
}

const send: MemberAction = async (context, fields, accessToken, dispatch) => {
  const id = await memberProposalId(context, fields, messages.proposalId);
  const asMember = memberClient(context, accessToken);
  const sendRefusal = (error: PostgrestError) => memberRefusal(error, "send_proposal");
  // This send's number: the sends before it (none visible to a caller who may not send), plus one.
  const before = await asMember.from("proposal_events").select("id").eq("proposal_id", id).eq("kind", "sent");
  if (before.error) throw sendRefusal(before.error);
  const token = proposalTokenFor(id, before.data.length + 1, context.settings.proposalsTokenSecret);
  const { data, error } = await asMember.rpc("send_proposal", { proposal: id, token_hash: hashToken(token) });
  if (error) throw sendRefusal(error);
  // The send wrote the link's e-mail (and its WhatsApp message, when the lead left a number) in its
  // transaction; they leave now. The link is also answered.
  dispatch(context, { proposal: id });
  // Said only where the WhatsApp message can leave: the client's template is set and the number
  // the lead left is one (the dispatcher skips it otherwise).
  const whatsapp = context.settings.messages.clientWhatsapp
    ? await asMember
        .from("proposal_messages")
        .select("recipient")
        .eq("proposal_id", id)
        .eq("kind", "link")
        .eq("channel", "whatsapp")
        .eq("event_key", String(before.data.length + 1))
        .maybeSingle()
    : null;
  const byWhatsApp = Boolean(whatsapp?.data?.recipient && phoneDigits(whatsapp.data.recipient));
  return json(
    200,
    {
      link: proposalLink(originOf(context), token),
      sentAt: data,
      message: byWhatsApp ? proposalMemberCopy.sentWithWhatsApp : proposalMemberCopy.sent,
    },
    { "cache-control": "no-store" },
  );
};

const requestBalance: MemberAction = async (context, fields, accessToken, dispatch) => {
  const id = await memberProposalId(context, fields, proposalMemberCopy.balanceProposalId);
  const { data, error } = await memberClient(context, accessToken).rpc("request_balance", { proposal: id });
  if (error) throw memberRefusal(error, "request_balance", proposalMemberCopy.noSession);
  dispatch(context, { proposal: id });
  return json(
    200,
    { requestedAt: data, message: proposalMemberCopy.balanceRequested },
    { "cache-control": "no-store" },
  );
};

/** The member's actions, with their bearer token. */
const MEMBER_ACTIONS = { send, request_balance: requestBalance } as const;

const CLIENT_ACTIONS = { view, accept, decline, pay, verify } as const;

/** The client's actions that can write a message: the acceptance, a payment the return page verified. */
const SENDING_CLIENT_ACTIONS = new Set(["accept", "verify"]);

export function createProposalsHandler(deps: ProposalsHandlerDependencies) {
  const fallback = new MemoryRateLimiter();

  /** After the answer: the lead's due rows of the outbox (the proposal's messages among them). */
  const dispatch: Dispatch = (context, find) => {
    const { waitUntil } = deps;
    if (!waitUntil) return;
    const lead = (
      "proposal" in find
        ? context.db.from("proposals").select("lead_id").eq("id", find.proposal)
        : context.db.from("proposals").select("lead_id").eq("token_hash", find.tokenHash)
    ).maybeSingle();
    const { settings } = context;
    waitUntil(
      Promise.resolve(lead).then(({ data, error }) => {
        if (error) console.error("proposals: could not find the lead to send to:", error.message);
        if (!data) return;
        return dispatchForLead(
          context.request,
          { settings: () => settings, ...(deps.fetch ? { dbFetch: deps.fetch } : {}), ...deps.outbox },
          data.lead_id,
        );
      }),
    );
  };

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
    if (typeof action === "string" && Object.hasOwn(MEMBER_ACTIONS, action)) {
      const accessToken = /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!accessToken)
        throw refuse(401, { message: action === "send" ? messages.noSession : proposalMemberCopy.noSession });
      const member = MEMBER_ACTIONS[action as keyof typeof MEMBER_ACTIONS];
      return member(open(request, settings), fields, accessToken, dispatch);
    }
    if (typeof action !== "string" || !Object.hasOwn(CLIENT_ACTIONS, action))
      throw refuse(400, { message: messages.action });
    const context = open(request, settings);
    const response = await CLIENT_ACTIONS[action as keyof typeof CLIENT_ACTIONS](context, fields);
    if (response.ok && SENDING_CLIENT_ACTIONS.has(action) && isTokenShape(fields.token))
      dispatch(context, { tokenHash: hashToken(fields.token) });
    return response;
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
