/**
 * The rules of an enquiry, shared by the contact form (to say what is wrong before sending) and
 * api/contact.ts (which trusts nothing the browser says): what each answer may be, the bounds the
 * database's check constraints repeat (supabase/migrations/*_leads.sql), and how the answers become
 * a row of public.leads. Imports carry `.js` specifiers because Vercel's Node builder compiles the
 * function and this file as they are written.
 *
 * lib imports no content: the form's copy the rules speak with (each answer's name, the offered
 * answers, the error messages) is given by the caller as a `LeadForm`, content/contact.ts's `leadForm`.
 */
import type { LeadInsert, Touch } from "./database.js";
import { MAX_TOUCH_VALUE, TOUCH_KEYS } from "./touch.js";
import { isEmailAddress, MAX_EMAIL_LENGTH } from "./text.js";

/**
 * The questions of the contact form, in the order a visitor meets them (so the first error is the
 * first field they reach): content/contact.ts's ContactRequest, which lib cannot import, asks the same
 * ones in the same order (lead-rules.test.ts compares them).
 */
export const LEAD_FIELD_ORDER = [
  "service",
  "hasWebsite",
  "webPackage",
  "reference",
  "features",
  "useCRM",
  "crmPackage",
  "teamSize",
  "challenge",
  "adPlatform",
  "adPackage",
  "hasRunAds",
  "roas",
  "fullName",
  "companyName",
  "email",
  "phone",
  "message",
] as const;

export type LeadField = (typeof LEAD_FIELD_ORDER)[number];
/** The answers of an enquiry, one per question: the features ticked, and text for the rest. */
export type LeadAnswers = { [Field in LeadField]: Field extends "features" ? string[] : string };
export type LeadErrors = Partial<Record<LeadField, string>>;

/** An offered answer: its stored value (the label is the form's business). */
interface Choice {
  value: string;
}

/** What the rules need of the form's copy: content/contact.ts's `leadForm`. */
export interface LeadForm {
  /** How each answer is named in a message, as the form labels it. */
  labels: Record<LeadField, string>;
  /** The answers that must be one of the offered options (an empty answer is always allowed). */
  choices: Partial<Record<Exclude<LeadField, "features">, readonly Choice[]>>;
  /** The features a web-design enquiry may tick. */
  features: readonly Choice[];
  errors: {
    fullName: string;
    emailMissing: string;
    emailInvalid: string;
    phone: string;
    teamSize: string;
    tooLong: (label: string, max: number) => string;
    choice: (label: string) => string;
    text: (label: string) => string;
  };
}

/** Upper bounds of the free-text answers, in characters (the same numbers as the check constraints). */
const LEAD_LIMITS = {
  fullName: 120,
  email: MAX_EMAIL_LENGTH,
  companyName: 160,
  phone: 40,
  message: 5000,
  reference: 1000,
  challenge: 2000,
} as const satisfies Partial<Record<LeadField, number>>;

const MAX_TEAM_SIZE = 100_000;

const PHONE = /^[0-9 +().-]*$/;

const isChoice = (options: readonly Choice[], value: string) =>
  value === "" || options.some((option) => option.value === value);

/**
 * Everything wrong with the answers, by field. Only name and e-mail are required (spec); the rest
 * must fit its bounds or be one of the offered options. Answers of services not chosen are ignored,
 * as they are not stored (see `relevantAnswers`).
 */
export function leadErrors(input: LeadAnswers, form: LeadForm): LeadErrors {
  const { labels, errors: copy } = form;
  const values = relevantAnswers(input);
  const found: LeadErrors = {};
  const fullName = values.fullName.trim();
  if (!fullName) found.fullName = copy.fullName;
  const email = values.email.trim();
  if (!email) found.email = copy.emailMissing;
  else if (!isEmailAddress(email)) found.email = copy.emailInvalid;

  for (const [field, max] of Object.entries(LEAD_LIMITS) as [keyof typeof LEAD_LIMITS, number][]) {
    if (!found[field] && values[field].trim().length > max) found[field] = copy.tooLong(labels[field], max);
  }
  if (!found.phone && !PHONE.test(values.phone.trim())) found.phone = copy.phone;

  for (const [field, options] of Object.entries(form.choices) as [
    Exclude<LeadField, "features">,
    readonly Choice[],
  ][]) {
    if (!isChoice(options, values[field])) found[field] = copy.choice(labels[field]);
  }
  const knownFeatures = values.features.every((feature) => isChoice(form.features, feature));
  if (!knownFeatures || new Set(values.features).size !== values.features.length)
    found.features = copy.choice(labels.features);

  const teamSize = values.teamSize.trim();
  if (teamSize && !(/^\d{1,6}$/.test(teamSize) && Number(teamSize) >= 1 && Number(teamSize) <= MAX_TEAM_SIZE))
    found.teamSize = copy.teamSize;
  return found;
}

/** The first error in the order of the form, if any. */
export function firstLeadError(found: LeadErrors): { field: LeadField; message: string } | null {
  const field = LEAD_FIELD_ORDER.find((name) => found[name]);
  return field ? { field, message: found[field]! } : null;
}

/**
 * The answers worth keeping: questions of services not chosen, and the ROAS band when no ads were
 * run, are dropped (the form keeps them in its state, so switching back restores them).
 */
export function relevantAnswers<Answers extends LeadAnswers>(values: Answers): Answers {
  const kept: Answers = { ...values, fullName: values.fullName.trim(), email: values.email.trim() };
  if (values.service !== "web-design")
    Object.assign(kept, { hasWebsite: "", webPackage: "", reference: "", features: [] });
  if (values.service !== "crm") Object.assign(kept, { useCRM: "", crmPackage: "", teamSize: "", challenge: "" });
  if (values.service !== "paid-ads") Object.assign(kept, { adPlatform: "", adPackage: "", hasRunAds: "", roas: "" });
  if (kept.hasRunAds !== "yes") kept.roas = "";
  return kept;
}

/**
 * Answers from an untrusted body (JSON, or a form the browser posted itself) in the form's shape:
 * missing answers are empty; a field of the wrong type is reported rather than guessed at.
 */
export function readAnswers(
  body: Record<string, unknown>,
  form: LeadForm,
): { values: LeadAnswers } | { field: LeadField; message: string } {
  const { labels, errors: copy } = form;
  const values = Object.fromEntries(
    LEAD_FIELD_ORDER.map((field) => [field, field === "features" ? [] : ""]),
  ) as unknown as LeadAnswers;
  for (const field of LEAD_FIELD_ORDER) {
    const raw = body[field];
    if (raw === undefined || raw === null) continue;
    if (field === "features") {
      const list = typeof raw === "string" ? [raw] : raw;
      if (
        !Array.isArray(list) ||
        list.length > form.features.length ||
        !list.every((item) => typeof item === "string")
      ) {
        return { field, message: copy.choice(labels.features) };
      }
      values.features = list as string[];
    } else if (typeof raw === "number" && field === "teamSize") {
      values.teamSize = String(raw);
    } else if (typeof raw === "string") {
      (values as unknown as Record<string, string>)[field] = raw;
    } else {
      return { field, message: copy.text(labels[field]) };
    }
  }
  return { values };
}

/**
 * A touch as the browser sent it, reduced to what the inbox uses: known keys, strings only, each cut
 * to a bounded length; a landing page is a path on this site, a referrer an http(s) URL, a time an
 * ISO date. Anything else is dropped, never an error: attribution must not cost a visitor their lead.
 */
export function cleanTouch(input: unknown): Touch | null {
  if (!input || typeof input !== "object" || Array.isArray(input)) return null;
  const touch: Touch = {};
  for (const key of TOUCH_KEYS) {
    const raw = (input as Record<string, unknown>)[key];
    if (typeof raw !== "string") continue;
    const value = raw.trim().slice(0, MAX_TOUCH_VALUE);
    if (!value) continue;
    if (key === "landing_page" && !/^\/(?!\/)/.test(value)) continue;
    if (key === "referrer" && !/^https?:\/\/[^\s]+$/i.test(value)) continue;
    if (key === "at" && Number.isNaN(Date.parse(value))) continue;
    touch[key] = value;
  }
  return Object.keys(touch).length > 0 ? touch : null;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The row for public.leads, from answers that passed `leadErrors`. */
export function toLeadRow(input: LeadAnswers, attribution: { first?: unknown; latest?: unknown } = {}): LeadInsert {
  const values = relevantAnswers(input);
  return {
    full_name: values.fullName,
    email: values.email,
    company_name: orNull(values.companyName),
    phone: orNull(values.phone),
    message: orNull(values.message),
    service: (orNull(values.service) as LeadInsert["service"]) ?? null,
    has_website: (orNull(values.hasWebsite) as LeadInsert["has_website"]) ?? null,
    web_package: orNull(values.webPackage),
    reference: orNull(values.reference),
    features: values.service === "web-design" && values.features.length > 0 ? values.features : null,
    uses_crm: (orNull(values.useCRM) as LeadInsert["uses_crm"]) ?? null,
    crm_package: orNull(values.crmPackage),
    team_size: values.teamSize.trim() ? Number(values.teamSize.trim()) : null,
    challenge: orNull(values.challenge),
    ad_platform: orNull(values.adPlatform),
    ad_package: orNull(values.adPackage),
    has_run_ads: (orNull(values.hasRunAds) as LeadInsert["has_run_ads"]) ?? null,
    roas: orNull(values.roas),
    first_touch: cleanTouch(attribution.first),
    latest_touch: cleanTouch(attribution.latest),
  };
}
