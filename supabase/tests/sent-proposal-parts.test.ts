import { beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_HALF_MINOR, sentProposal } from "../local/proposal-fixtures.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * A sent proposal's lines and plan (20261130124500_sent_proposal_parts_readable.sql): the lead team
 * reads them, as the admin's proposal page shows its total and what is left; nobody changes, adds
 * or removes them once it is sent; an Author still reads nothing.
 */
const { sql, as, newMembers } = suiteClients(localSupabaseForSuite());
let members: Record<"sales" | "author", string>;
const sales = () => as(members.sales, "aal2");

beforeAll(async () => {
  members = await newMembers("sent-parts", ["sales", "author"]);
});

/** The suites' proposal of ₦480,000 (proposal-fixtures.ts), made and sent by Sales: its id. */
const sent = async () => (await sentProposal(sql, sales())).id;

describe("a sent proposal's lines and plan", () => {
  it("are read by the lead team", async () => {
    const id = await sent();
    const lines = await sales()
      .from("proposal_lines")
      .select("description, unit_price_minor")
      .eq("proposal_id", id)
      .order("position");
    expect(lines.data).toEqual([
      { description: "GrowthSite", unit_price_minor: 45_000_000 },
      { description: "Extra page", unit_price_minor: 2_500_000 },
    ]);
    const plan = await sales()
      .from("proposal_installments")
      .select("label, amount_minor")
      .eq("proposal_id", id)
      .order("position");
    expect(plan.data).toEqual([
      { label: "Deposit", amount_minor: PROPOSAL_HALF_MINOR },
      { label: "At completion", amount_minor: PROPOSAL_HALF_MINOR },
    ]);
  });

  it("are changed, added to and removed from by nobody", async () => {
    const id = await sent();
    const changed = await sales()
      .from("proposal_lines")
      .update({ unit_price_minor: 1 })
      .eq("proposal_id", id)
      .select("id");
    expect(changed.data).toEqual([]);
    const added = await sales().from("proposal_lines").insert({
      proposal_id: id,
      position: 2,
      kind: "extra",
      description: "Extra page",
      quantity: 1,
      unit_price_minor: 1,
    });
    expect(added.error?.code).toBe("42501");
    const removed = await sales().from("proposal_installments").delete().eq("proposal_id", id).select("position");
    expect(removed.data).toEqual([]);
    const addedPart = await sales()
      .from("proposal_installments")
      .insert({ proposal_id: id, position: 2, label: "More", due: "milestone", share_bp: 1, amount_minor: 1 });
    expect(addedPart.error?.code).toBe("42501");
    const [kept] = await sql<{ lines: number; parts: number; price: string }>(
      `select (select count(*)::int from public.proposal_lines where proposal_id = $1) as lines,
              (select count(*)::int from public.proposal_installments where proposal_id = $1) as parts,
              (select sum(quantity * unit_price_minor)::text from public.proposal_lines where proposal_id = $1) as price`,
      [id],
    );
    expect(kept).toEqual({ lines: 2, parts: 2, price: "50000000" });
  });

  it("are read by no Author", async () => {
    const id = await sent();
    const lines = await as(members.author, "aal2").from("proposal_lines").select("id").eq("proposal_id", id);
    expect(lines.data).toEqual([]);
  });
});
