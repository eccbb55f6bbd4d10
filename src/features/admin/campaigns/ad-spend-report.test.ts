import { describe, expect, it } from "vitest";
import type { AdCampaignLine, SpendImport } from "../data/ad-spend";
import {
  adSpendCsvRows,
  adTotals,
  amountText,
  majorText,
  ratesText,
  roasText,
  spendAsOfNotes,
} from "./ad-spend-report";

const line = (overrides: Partial<AdCampaignLine>): AdCampaignLine => ({
  platform: "meta",
  campaign_id: "501",
  campaign_name: "Lagos Clinics",
  spend_currency: "NGN",
  spend_account_minor: 5_000_000,
  spend_minor: 5_000_000,
  rates: [],
  missing_rates: [],
  impressions: 1000,
  clicks: 200,
  visitors: 30,
  leads: 4,
  calls_booked: 2,
  clients_won: 1,
  revenue_minor: 17_000_000,
  cost_per_lead_minor: 1_250_000,
  cost_per_call_minor: 2_500_000,
  cost_per_client_minor: 5_000_000,
  roas: 3.4,
  ...overrides,
});

describe("the ad report's figures", () => {
  it("writes the return as '3.4x' and '–' where there is none, never 0 or Infinity", () => {
    expect([roasText(3.4), roasText(12), roasText(0.829), roasText(null), roasText(Infinity)]).toEqual([
      "3.4x",
      "12.0x",
      "0.8x",
      "–",
      "–",
    ]);
    expect([amountText(null), amountText(5_000_000), amountText(10_050, "USD"), amountText(1200, "EUR")]).toEqual([
      "–",
      "₦50,000",
      "$100.50",
      "€12.00",
    ]);
  });

  it("totals the costs from the summed spend, and leaves what it cannot compute unknown", () => {
    const noSpend = line({
      platform: null,
      campaign_id: null,
      campaign_name: "Newsletter",
      spend_currency: null,
      spend_account_minor: null,
      spend_minor: null,
      leads: 1,
      calls_booked: 0,
      clients_won: 0,
      revenue_minor: 0,
      cost_per_lead_minor: null,
      roas: null,
    });
    const totals = adTotals([line({}), noSpend]);
    expect(totals).toMatchObject({
      spend_minor: 5_000_000,
      leads: 5,
      cost_per_lead_minor: 1_000_000,
      cost_per_call_minor: 2_500_000,
      revenue_minor: 17_000_000,
      roas: 3.4,
    });
    // No spend at all: no costs, no return.
    expect(adTotals([noSpend])).toMatchObject({ spend_minor: null, cost_per_lead_minor: null, roas: null });
    // A dollar campaign without its month's rate makes the total spend unknown, and what depends on it.
    const unconverted = line({
      spend_currency: "USD",
      spend_account_minor: 10_000,
      spend_minor: null,
      missing_rates: ["USD 2026-11"],
    });
    expect(adTotals([line({}), unconverted])).toMatchObject({
      spend_minor: null,
      cost_per_lead_minor: null,
      roas: null,
      leads: 8,
    });
    // Spend and no revenue: no return. Nothing at all: zeros and nulls, no division by zero.
    expect(adTotals([line({ revenue_minor: 0 })]).roas).toBeNull();
    expect(adTotals([])).toMatchObject({ spend_minor: null, leads: 0, cost_per_lead_minor: null, roas: null });
  });

  it("says which rates converted a line", () => {
    expect(ratesText(line({ rates: [{ from: "USD", to: "NGN", month: "2026-11", rate: 1550.25 }] }))).toBe(
      "2026-11: 1 USD = 1,550.25 NGN",
    );
    expect(ratesText(line({}))).toBeNull();
  });

  it("says 'spend as of' the last good import only for a platform whose latest import failed", () => {
    const state = (overrides: Partial<SpendImport>): SpendImport => ({
      platform: "meta",
      account_id: "1",
      currency: "NGN",
      last_success_at: "2026-11-27T05:00:00Z",
      spend_through: "2026-11-27",
      last_attempt_at: "2026-11-28T05:00:00Z",
      last_error: null,
      last_error_at: null,
      ...overrides,
    });
    expect(spendAsOfNotes([state({})])).toEqual([]);
    expect(spendAsOfNotes([state({ last_error: "503", last_error_at: "2026-11-28T05:00:00Z" })])).toEqual([
      "Meta spend as of 27 November 2026: the latest import failed (503); it is tried again on the next run.",
    ]);
    expect(
      spendAsOfNotes([
        state({ platform: "google", last_success_at: null, last_error: "401", last_error_at: "2026-11-28T05:00:00Z" }),
      ]),
    ).toEqual(["Google Ads spend could not be imported yet (401); it is tried again on the next run."]);
  });

  it("exports amounts in major units from the integers, and empty cells for what is unknown", () => {
    expect([majorText(5_000_000), majorText(null), majorText(-1250, "USD"), majorText(1500, "JPY")]).toEqual([
      "50000.00",
      "",
      "-12.50",
      "1500",
    ]);
    const [row] = adSpendCsvRows([line({ roas: 3.4 })]);
    expect(row).toMatchObject({
      platform: "meta",
      campaign_id: "501",
      spend_ngn: "50000.00",
      spend_in_account_currency: "50000.00",
      cost_per_lead_ngn: "12500.00",
      revenue_ngn: "170000.00",
      roas: "3.40",
    });
    const [none] = adSpendCsvRows([line({ spend_minor: null, roas: null, cost_per_lead_minor: null })]);
    expect(none).toMatchObject({ spend_ngn: "", roas: "", cost_per_lead_ngn: "" });
  });
});
