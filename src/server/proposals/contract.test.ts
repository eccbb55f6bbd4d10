import { describe, expect, it } from "vitest";
import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path";
import { paidReturnLink, proposalLink } from "./tokens";

/** The links the function sends name the page the route table serves (lib/proposals/view-path.ts). */
describe("the client's proposal contract", () => {
  it("links to the page the route table serves", () => {
    expect(proposalLink("https://agency.example/", "abc")).toBe(
      `https://agency.example${PROPOSAL_VIEW_PATH}#token=abc`,
    );
    expect(paidReturnLink("https://agency.example", "P-0001-0-ab")).toBe(
      `https://agency.example${PROPOSAL_VIEW_PATH}#paid=P-0001-0-ab`,
    );
  });
});
