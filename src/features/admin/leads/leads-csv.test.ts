import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Lead } from "../data/leads";
import { toCsv } from "../csv";
import { CSV_COLUMNS, leadCsvRows } from "./leads-csv";

const leadsToCsv = (leads: Lead[]) => toCsv(CSV_COLUMNS, leadCsvRows(leads));

const base: Lead = {
  id: "5b0c2a52-0000-4000-8000-000000000001",
  created_at: "2026-11-22T09:00:00.000Z",
  updated_at: "2026-11-22T09:00:00.000Z",
  status: "new",
  assigned_to: null,
  full_name: "Adébáyọ̀ Okafor",
  email: "ade@example.ng",
  company_name: null,
  phone: null,
  message: null,
  service: "web-design",
  has_website: "no",
  web_package: "GrowthSite",
  reference: null,
  features: ["speed", "lead-form"],
  uses_crm: null,
  crm_package: null,
  team_size: null,
  challenge: null,
  ad_platform: null,
  ad_package: null,
  has_run_ads: null,
  roas: null,
  first_touch: { utm_source: "facebook", utm_campaign: "launch", fbclid: "x" },
  latest_touch: null,
  source: "facebook",
  campaign: "launch",
  forwarded_at: null,
  forward_error: null,
  ad_user_data: false,
  ad_personalization: false,
  consent_given_at: null,
  fbp: null,
  client_ip: null,
  client_user_agent: null,
  first_response_at: null,
};

function parse(csv: string) {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

describe("the CSV export", () => {
  it("has a header row and one row per lead, UTF-8 with a BOM, names intact", () => {
    const { data, meta } = parse(leadsToCsv([base, { ...base, id: "2", full_name: "Tunde Bakare" }]));
    expect(meta.fields).toEqual([...CSV_COLUMNS]);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      full_name: "Adébáyọ̀ Okafor",
      package: "GrowthSite",
      features: "speed; lead-form",
      first_utm_source: "facebook",
      first_utm_campaign: "launch",
      latest_utm_source: "",
      source: "facebook",
    });
  });

  it("neutralises cells a spreadsheet would run as formulas, even across lines", () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","x")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "\t=1",
      "\r=1",
      "=1+1\nsecond line",
    ];
    const { data } = parse(leadsToCsv(hostile.map((message, index) => ({ ...base, id: String(index), message }))));
    expect(data.map((row) => row.message)).toEqual(hostile.map((value) => `'${value}`));
  });

  it("escapes quotes, commas and line breaks so every cell stays in its column", () => {
    const message = 'She said "call me", then left.\r\nNew line, new thought';
    const { data } = parse(leadsToCsv([{ ...base, message, company_name: 'Zeta, "Brent" & Co' }]));
    expect(data[0]).toMatchObject({ message, company_name: 'Zeta, "Brent" & Co' });
  });

  it("is only a header for no leads", () => {
    const { data, meta } = parse(leadsToCsv([]));
    expect(data).toEqual([]);
    expect(meta.fields).toHaveLength(CSV_COLUMNS.length);
  });
});
