/**
 * A stored lead as the messages show it (the templates' LeadMessageData): every answer named and
 * worded as the form shows it (src/content/contact.ts, src/lib/lead-rules.ts), the campaign that
 * brought it, and the links a message carries.
 */
import { CONFIG_DEFAULTS, whatsappHref } from "../../config-defaults.js";
import {
  adPlatforms,
  leadFieldLabels,
  roasBands,
  serviceOptions,
  webFeatures,
  yesNoOptions,
  type Option,
} from "../../content/contact.js";
import { leadMessagesCopy } from "../../content/functions.js";
import type { LeadRow, Touch } from "../../lib/database.js";
import type { ServerSettings } from "../settings.js";
import type { LeadMessageData, MessageLinks } from "./templates.js";

/** The lead as claim_lead_messages returns it (the row without consent or browser details). */
export type ClaimedLead = Omit<
  LeadRow,
  | "forward_token"
  | "client_ip"
  | "client_user_agent"
  | "fbp"
  | "ad_user_data"
  | "ad_personalization"
  | "consent_given_at"
>;

const labelOf = (options: readonly Option[], value: string | null) =>
  value === null ? null : (options.find((option) => option.value === value)?.label ?? value);

function touchValue(lead: ClaimedLead, key: keyof Touch): string | null {
  for (const touch of [lead.first_touch, lead.latest_touch]) {
    const value = touch?.[key]?.trim();
    if (value) return value;
  }
  return null;
}

export function leadMessageData(lead: ClaimedLead): LeadMessageData {
  const answers: { label: string; value: string }[] = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value).trim() !== "")
      answers.push({ label, value: String(value) });
  };
  add(leadFieldLabels.hasWebsite, labelOf(yesNoOptions, lead.has_website));
  add(leadFieldLabels.reference, lead.reference);
  add(leadFieldLabels.features, lead.features?.map((feature) => labelOf(webFeatures, feature)).join(", "));
  add(leadFieldLabels.useCRM, labelOf(yesNoOptions, lead.uses_crm));
  add(leadFieldLabels.teamSize, lead.team_size);
  add(leadFieldLabels.challenge, lead.challenge);
  add(leadFieldLabels.adPlatform, labelOf(adPlatforms, lead.ad_platform));
  add(leadFieldLabels.hasRunAds, labelOf(yesNoOptions, lead.has_run_ads));
  add(leadFieldLabels.roas, labelOf(roasBands, lead.roas));
  return {
    id: lead.id,
    name: lead.full_name.trim(),
    email: lead.email,
    phone: lead.phone,
    company: lead.company_name,
    serviceLabel: labelOf(serviceOptions, lead.service) ?? leadMessagesCopy.noService,
    packageLabel: lead.web_package ?? lead.crm_package ?? lead.ad_package ?? null,
    answers,
    message: lead.message,
    campaign: {
      source: lead.source ?? null,
      medium: touchValue(lead, "utm_medium"),
      campaign: lead.campaign ?? null,
      clickId: Boolean(touchValue(lead, "gclid") ?? touchValue(lead, "fbclid")),
    },
    createdAt: lead.created_at,
  };
}

/** The site's origin: VITE_SITE_URL, else the request's own (local servers), else the default. */
export function messageLinks(settings: ServerSettings, siteUrl: string, leadId: string): MessageLinks {
  const origin = (settings.siteUrl || siteUrl || CONFIG_DEFAULTS.siteUrl).replace(/\/+$/, "");
  return {
    adminLeadUrl: `${origin}/admin/leads/${leadId}`,
    intakeFormUrl: settings.intakeFormUrl,
    whatsappUrl: whatsappHref(settings.whatsappNumber, leadMessagesCopy.whatsappMessage),
    siteUrl: origin,
    bookCallUrl: `${origin}/book`,
  };
}
