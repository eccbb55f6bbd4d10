import { adPackages, crmPackages, serviceOptions, webPackages } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import type { LeadStatus } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { Lead, LeadListItem } from "../data/leads";

export const statusBadgeClasses: Record<LeadStatus, string> = {
  new: "bg-brand-100 text-brand-900",
  contacted: "bg-sky-100 text-sky-900",
  qualified: "bg-amber-100 text-amber-900",
  won: "bg-emerald-100 text-emerald-900",
  lost: "bg-slate-200 text-slate-800",
};

export function statusLabel(status: LeadStatus): string {
  return leadsCopy.statuses[status];
}

/** 'Web Design', or 'Not chosen' for a lead without a service. */
export function serviceLabel(service: string | null): string {
  if (!service || service === "unspecified") return "Not chosen";
  return serviceOptions.find((option) => option.value === service)?.label ?? service;
}

export function packageOf(lead: Pick<LeadListItem, "web_package" | "crm_package" | "ad_package">): string | null {
  const value = lead.web_package ?? lead.crm_package ?? lead.ad_package;
  if (!value) return null;
  return [...webPackages, ...crmPackages, ...adPackages].find((option) => option.value === value)?.label ?? value;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function ageOf(iso: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  if (!Number.isFinite(elapsed)) return "";
  if (elapsed < 60_000) return "just now";
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return "just now";
}

export function receivedAt(lead: Pick<Lead, "created_at">): string {
  return formatLagosDateTime(lead.created_at);
}

/** wa.me wants the number in international form, digits only: a Nigerian 0803... becomes 234803... */
export function whatsappNumberOf(phone: string | null): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("0") && digits.length === 11) digits = `234${digits.slice(1)}`;
  return digits.length >= 8 ? digits : null;
}

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** 'Nov 16' for the week that starts on Monday 2026-11-16. */
export function formatWeek(week: string): string {
  return weekLabel.format(new Date(`${week}T00:00:00Z`));
}
