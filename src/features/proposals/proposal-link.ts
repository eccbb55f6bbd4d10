import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path";

/**
 * What the address brings the proposal page, read once in the browser: the link's token
 * (`#token=…`) or, back from Paystack's checkout, the payment's reference (`#paid=…`). The token is
 * kept in sessionStorage, for this tab only, so the return from Paystack (which brings no token)
 * and a reload still open the proposal; the fragment is then removed from the address bar, so the
 * link is not shared by accident (a copied address, a screenshot). Neither ever reaches a server in
 * a URL: the page sends the token in request bodies.
 */
export const TOKEN_STORAGE_KEY = "proposal-token";

const TOKEN = /^[A-Za-z0-9_-]{10,64}$/;
const REFERENCE = /^[A-Za-z0-9.=-]{8,100}$/;

export interface ProposalLink {
  /** The link's token, or null when the address brought none and none is kept. */
  token: string | null;
  /** The reference of a payment just made, to verify. */
  paid: string | null;
}

function fragmentValue(hash: string, name: string): string | null {
  const raw = new URLSearchParams(hash.replace(/^#/, "")).get(name);
  return raw ? raw.trim() : null;
}

function kept(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage refused (a privacy mode): the token lives as long as the page does.
    return null;
  }
}

function keep(token: string) {
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // As above: the page still works until it is left.
  }
}

/** Reads the fragment, keeps the token, and clears the fragment from the address bar. */
export function takeProposalLink(): ProposalLink {
  const { hash } = window.location;
  const given = fragmentValue(hash, "token");
  const token = given && TOKEN.test(given) ? given : null;
  if (token) keep(token);
  const reference = fragmentValue(hash, "paid");
  if (hash) window.history.replaceState(window.history.state, "", PROPOSAL_VIEW_PATH);
  const stored = kept();
  return {
    token: token ?? (stored && TOKEN.test(stored) ? stored : null),
    paid: reference && REFERENCE.test(reference) ? reference : null,
  };
}
