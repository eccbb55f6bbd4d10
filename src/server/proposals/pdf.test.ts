import { createHash } from "node:crypto";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { PROPOSAL_PRICING } from "../../../supabase/local/proposal-fixtures";
import type { ProposalTerms } from "../../lib/proposals/contract";
import { proposalPdf } from "./pdf";
import { recordedMomentInWords } from "../../lib/proposals/dates";

/**
 * The accepted proposal's PDF, read back with pdf.js (unpdf) as a reader's viewer reads it: the
 * brand, the terms and the acceptance record are text in the document, the naira amounts and a
 * Yoruba name included (the embedded fonts carry them), and the same acceptance gives the same
 * document's metadata.
 */
const terms: ProposalTerms = {
  number: "P-0042",
  title: "GrowthSite for Obi Foods",
  currency: "NGN",
  scope: "A five-page site.\n\n- Home, About, Menu, Order, Contact\n- Google Business profile",
  validUntil: "2026-12-14",
  ...PROPOSAL_PRICING,
  retainer: { amount: 7_500_000, startsOn: "2027-01-01" },
};

const sha256 = createHash("sha256").update("the terms as shown").digest("hex");
const acceptance = {
  name: "Adéọlá Ṣódípọ̀",
  at: "2026-12-01T09:32:05.000Z",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/131",
  sha256,
};

async function read(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pdf, text: text.normalize("NFC"), meta: await getMeta(pdf) };
}

describe("the accepted proposal's PDF", () => {
  it("is a PDF whose text holds the terms and the acceptance record", async () => {
    const bytes = await proposalPdf(terms, acceptance);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text, meta } = await read(bytes);
    for (const expected of [
      "Ascend Digital",
      "GrowthSite for Obi Foods",
      "P-0042",
      "14 December 2026",
      "A five-page site.",
      "Extra page",
      "₦450,000",
      "-₦20,000",
      "₦480,000",
      "Deposit",
      "At completion",
      "50%",
      "₦75,000 a month from 1 January 2027",
      acceptance.name.normalize("NFC"),
      recordedMomentInWords(acceptance.at),
      "203.0.113.7",
      "Android 14",
      sha256,
    ])
      expect(text.replace(/\s+/g, " "), expected).toContain(expected);
    expect(recordedMomentInWords(acceptance.at)).toMatch(/^1 December 2026 at 10:32:05/);
    expect(meta.info).toMatchObject({ Title: "Proposal P-0042: GrowthSite for Obi Foods", Author: "Ascend Digital" });
  });

  it("says what was not recorded, and leaves out an empty scope and a discount of nothing", async () => {
    const bytes = await proposalPdf(
      { ...terms, scope: "", discount: 0, subtotal: 48_000_000, retainer: null },
      { ...acceptance, ip: null, userAgent: null },
    );
    const { text } = await read(bytes);
    expect(text).toContain("Not recorded");
    expect(text).not.toContain("Scope of work");
    expect(text).not.toContain("Discount");
    expect(text).toContain("None");
  });
});
