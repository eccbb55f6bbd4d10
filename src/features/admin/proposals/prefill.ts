/**
 * What a new proposal starts from: the lead's service and package (their contact-form answers), the
 * package's price as the services page shows it (content/services.ts, the one place prices live),
 * in the currency it is priced in: naira for the web and ads packages, dollars for the CRM ones.
 *
 * The contact form names the CRM packages CustomerFlow, CustomerFlow Pro and CustomerFlow OS, the
 * services page Essential Automation, Growth Engine and Full System Build (the spec gives both
 * readings); they are the same three tiers in the same order, so a form package takes the price of
 * the services page's package at its place. A package priced "Custom" starts with no price, to type.
 */
import { crmPackages } from "../../../content/contact";
import { services, type ServiceSectionKey } from "../../../content/services";
import { parseAmount, type Currency } from "../../../lib/money";
import type { Lead } from "../data/leads";

/** The lead's service (contact form value) → the services page's section, and its currency. */
const SECTIONS: Record<string, { section: ServiceSectionKey; currency: Currency }> = {
  "web-design": { section: "web", currency: "NGN" },
  crm: { section: "crm", currency: "USD" },
  "paid-ads": { section: "ads", currency: "NGN" },
};

export interface ProposalSeed {
  currency: Currency;
  /** The services page's name of the service, or null when the lead chose none. */
  serviceName: string | null;
  /** The package's line: its name and its price in minor units (null: to be typed). */
  pack: { name: string; unitPrice: number | null } | null;
}

type LeadAnswers = Pick<Lead, "service" | "web_package" | "crm_package" | "ad_package">;

/** The service, currency and package line a new proposal for `lead` starts with. */
export function seedFromLead(lead: LeadAnswers): ProposalSeed {
  const known = lead.service ? SECTIONS[lead.service] : undefined;
  if (!known) return { currency: "NGN", serviceName: null, pack: null };
  const service = services.find((candidate) => candidate.section === known.section);
  const packages = service?.pricing.packages ?? [];
  const chosen =
    known.section === "web" ? lead.web_package : known.section === "crm" ? lead.crm_package : lead.ad_package;
  const priced =
    known.section === "crm"
      ? packages[crmPackages.findIndex((option) => option.value === chosen)]
      : packages.find((candidate) => candidate.name === chosen);
  if (!chosen) return { currency: known.currency, serviceName: service?.name ?? null, pack: null };
  const price = priced ? parseAmount(priced.price, known.currency) : null;
  return {
    currency: known.currency,
    serviceName: service?.name ?? null,
    pack: { name: chosen, unitPrice: price?.ok ? price.minorUnits : null },
  };
}
