/**
 * The client's link to a proposal: `/proposals/view#token=<token>`, the token in the fragment (never
 * a query string, which access logs and proxies keep), 128 bits, stored only as its SHA-256 (hex)
 * by `send_proposal`.
 *
 * The token is the first 128 bits of HMAC-SHA256(PROPOSALS_TOKEN_SECRET, the proposal's id and the
 * number of this send), as a booking's manage token is derived (calls/tokens.ts), under a label of its
 * own. Unpredictable without the key, yet the server can derive it again (an e-mail of the outbox
 * could carry it); each send has its number (the proposal's `sent` events so far, plus one), so a
 * send again gives a new link and the old one stops working, its hash replaced. Changing the key ends
 * every link already sent.
 */
import { createHmac } from "node:crypto";
import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path.js";

/** The client's page of a proposal; the token follows in its fragment. */

/** The token of the `sendNumber`th send (1 for the first) of proposal `proposalId`. */
export function proposalTokenFor(proposalId: string, sendNumber: number, secret: string): string {
  return createHmac("sha256", secret)
    .update(`proposal-link:${proposalId}:${sendNumber}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** The link the client opens: `<origin>/proposals/view#token=<token>`. */
export function proposalLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${PROPOSAL_VIEW_PATH}#token=${token}`;
}

/** Where Paystack's checkout sends the client back: the page, with the payment's reference in the fragment. */
export function paidReturnLink(origin: string, reference: string): string {
  return `${origin.replace(/\/+$/, "")}${PROPOSAL_VIEW_PATH}#paid=${encodeURIComponent(reference)}`;
}
