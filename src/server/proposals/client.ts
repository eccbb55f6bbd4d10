/**
 * The client's side of a proposal, reached with the link's token in the request body: view, accept,
 * decline. The service-role key calls the database's functions for them (proposal_by_token,
 * accept_proposal, decline_proposal), which only the service role may call: the token stands for
 * the client, and the function reads nothing but what the client's view shows (terms.ts). No
 * answer is cached: http.ts's json says no-store.
 */
import { isIP } from "node:net";
import { clientIp, json, refuse } from "../http.js";
import { isUnstorableText } from "../unstorable-text.js";
import {
  clientTokenHash,
  DECLINE_REASON_MAX,
  messages,
  openProposal,
  PROPOSALS_RATE_LIMIT,
  termsOf,
  unavailable,
  viewOf,
  type ProposalsContext,
} from "./context.js";
import { termsSha256 } from "./terms.js";

/** POST `{ action: "view", token }` → 200 `{ proposal }` (terms.ts's ProposalView). */
export async function view(context: ProposalsContext, fields: Record<string, unknown>): Promise<Response> {
  const row = await openProposal(context, await clientTokenHash(context, fields, PROPOSALS_RATE_LIMIT.view));
  return json(200, { proposal: await viewOf(context, row) });
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * POST `{ action: "accept", token, name, termsSha256 }`: the name typed (1 to 120 characters) and the
 * SHA-256 of the terms the page showed. 200 `{ outcome: "accepted" | "already", message, proposal }`;
 * 409 `{ reason: "changed" }` when the hash is not that of the terms as they are now; 410 when the
 * proposal is no longer open (accept_proposal's `gone`).
 */
export async function accept(context: ProposalsContext, fields: Record<string, unknown>): Promise<Response> {
  const tokenHash = await clientTokenHash(context, fields);
  const name = typeof fields.name === "string" ? fields.name.trim() : "";
  if (!name || name.length > 120 || isUnstorableText(name))
    throw refuse(400, { message: messages.name, field: "name" });
  const shown = typeof fields.termsSha256 === "string" ? fields.termsSha256.toLowerCase() : "";
  if (!SHA256_HEX.test(shown)) throw refuse(400, { message: messages.termsHash, field: "termsSha256" });

  const row = await openProposal(context, tokenHash);
  if (row.accepted_at === null && termsSha256(await termsOf(context, row)) !== shown)
    throw refuse(409, { message: messages.changed, reason: "changed" });
  const ip = clientIp(context.request);
  const userAgent = context.request.headers.get("user-agent")?.slice(0, 512) || null;
  const { data, error } = await context.db.rpc("accept_proposal", {
    token_hash: tokenHash,
    accepted_name: name,
    // inet: an address the database can store, or none.
    accepted_ip: ip && isIP(ip) ? ip : null,
    // Nullable in the table; the generated argument type says text.
    accepted_user_agent: userAgent as string,
    shown_sha256: shown,
  });
  if (error) throw unavailable("accept_proposal", error);
  if (data === "gone") throw refuse(410, { message: messages.notOpen, reason: "gone" });
  if (data !== "accepted" && data !== "already") throw unavailable("accept_proposal", { message: `answered ${data}` });
  const now = await openProposal(context, tokenHash);
  return json(200, {
    outcome: data,
    message: data === "accepted" ? messages.accepted : messages.alreadyAccepted,
    proposal: await viewOf(context, now),
  });
}

/**
 * POST `{ action: "decline", token, reason? }`: the reason, at most DECLINE_REASON_MAX characters,
 * is kept as text on the proposal's `declined` event. 200 `{ outcome: "declined", message }`; 409
 * when the proposal was accepted; 410 once declined (the link then leads nowhere).
 */
export async function decline(context: ProposalsContext, fields: Record<string, unknown>): Promise<Response> {
  const tokenHash = await clientTokenHash(context, fields);
  const given = fields.reason ?? "";
  if (typeof given !== "string" || given.trim().length > DECLINE_REASON_MAX || isUnstorableText(given))
    throw refuse(400, { message: messages.reason, field: "reason" });
  const reason = given.trim();
  const row = await openProposal(context, tokenHash);
  if (row.status !== "sent" && row.status !== "viewed")
    throw refuse(409, { message: messages.notOpen, reason: "answered" });
  const { data, error } = await context.db.rpc("decline_proposal", { token_hash: tokenHash });
  if (error) throw unavailable("decline_proposal", error);
  if (!data) throw refuse(409, { message: messages.notOpen, reason: "answered" });
  if (reason) {
    // The event decline_proposal just wrote; the proposal is declined whatever becomes of the reason.
    const kept = await context.db
      .from("proposal_events")
      .update({ detail: { reason } })
      .eq("proposal_id", row.id)
      .eq("kind", "declined")
      .is("detail", null);
    if (kept.error)
      console.error("proposals: a decline's reason was not kept:", kept.error.code ?? "", kept.error.message);
  }
  return json(200, { outcome: "declined", message: messages.declinedNow });
}
