/** The leads export's columns and rows, one row a lead; ../csv.ts writes them safe for a spreadsheet. */
import { TOUCH_KEYS } from "../../../lib/touch";
import type { Touch } from "../../../lib/database";
import type { Cell } from "../csv";
import type { Lead } from "../data/leads";

export const CSV_COLUMNS = [
  "created_at",
  "status",
  "full_name",
  "email",
  "phone",
  "company_name",
  "service",
  "package",
  "has_website",
  "features",
  "reference",
  "uses_crm",
  "team_size",
  "challenge",
  "ad_platform",
  "has_run_ads",
  "roas",
  "message",
  "source",
  "campaign",
  ...TOUCH_KEYS.map((field) => `first_${field}`),
  ...TOUCH_KEYS.map((field) => `latest_${field}`),
  "forwarded_at",
  "forward_error",
  "id",
] as const;

function touchCells(prefix: "first" | "latest", touch: Touch | null): Record<string, Cell> {
  return Object.fromEntries(TOUCH_KEYS.map((field) => [`${prefix}_${field}`, touch?.[field] ?? ""]));
}

export function leadCsvRows(leads: Lead[]): Record<string, Cell>[] {
  return leads.map((lead): Record<string, Cell> => ({
    created_at: lead.created_at,
    status: lead.status,
    full_name: lead.full_name,
    email: lead.email,
    phone: lead.phone ?? "",
    company_name: lead.company_name ?? "",
    service: lead.service ?? "",
    package: lead.web_package ?? lead.crm_package ?? lead.ad_package ?? "",
    has_website: lead.has_website ?? "",
    features: (lead.features ?? []).join("; "),
    reference: lead.reference ?? "",
    uses_crm: lead.uses_crm ?? "",
    team_size: lead.team_size ?? "",
    challenge: lead.challenge ?? "",
    ad_platform: lead.ad_platform ?? "",
    has_run_ads: lead.has_run_ads ?? "",
    roas: lead.roas ?? "",
    message: lead.message ?? "",
    source: lead.source,
    campaign: lead.campaign ?? "",
    ...touchCells("first", lead.first_touch),
    ...touchCells("latest", lead.latest_touch),
    forwarded_at: lead.forwarded_at ?? "",
    forward_error: lead.forward_error ?? "",
    id: lead.id,
  }));
}

export function csvFileName(now = new Date()): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}
