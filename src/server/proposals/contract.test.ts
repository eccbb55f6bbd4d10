import { describe, expect, expectTypeOf, it } from "vitest";
import type { ProposalView as ContractView } from "../../lib/proposals/contract";
import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path";
import type { ProposalView } from "./terms";
import { paidReturnLink, proposalLink } from "./tokens";

/**
 * The client's page reads the function's answers through lib/proposals/contract.ts (type-only, so
 * the page pays no bytes for it); the function writes them with terms.ts's types. The type check
 * (tsc -b) fails when either changes without the other, and the links name the page's path.
 */
describe("the client's proposal contract", () => {
  it("is the view the function answers, field for field", () => {
    expectTypeOf<ProposalView>().toExtend<ContractView>();
    expectTypeOf<Omit<ContractView, "terms">>().toExtend<Omit<ProposalView, "terms">>();
    expectTypeOf<keyof ProposalView>().toEqualTypeOf<keyof ContractView>();
    expectTypeOf<keyof ProposalView["terms"]>().toEqualTypeOf<keyof ContractView["terms"]>();
  });

  it("links to the page the route table serves", () => {
    expect(proposalLink("https://agency.example/", "abc")).toBe(
      `https://agency.example${PROPOSAL_VIEW_PATH}#token=abc`,
    );
    expect(paidReturnLink("https://agency.example", "P-0001-0-ab")).toBe(
      `https://agency.example${PROPOSAL_VIEW_PATH}#paid=P-0001-0-ab`,
    );
  });
});
