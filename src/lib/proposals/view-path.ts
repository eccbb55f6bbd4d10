/**
 * The path of a client's proposal page, alone in its module: the route table, in every page's entry,
 * imports it. The link's token follows in the fragment (`#token=…`), and Paystack's return brings
 * the payment's reference the same way (`#paid=…`): src/server/proposals/tokens.ts.
 */
export const PROPOSAL_VIEW_PATH = "/proposals/view";
