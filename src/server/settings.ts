/**
 * The one reader of `process.env` on the server. Every server module takes a `ServerSettings` (or a
 * function returning one) as an argument instead of touching the environment, so tests pass plain
 * objects and nothing depends on when a module was imported.
 *
 * The api/ adapters call `readSettings()` on each request: Vercel may change the environment between
 * deployments only, but the local servers and the tests set variables while running (the dev server
 * points NEWSLETTER_FORM_URL and LEADS_WEBHOOK_URL at its stand-ins once it listens). Reading a
 * dozen variables costs microseconds.
 *
 * A setting another function needs goes here, in its own group, with its default; README.md lists
 * every variable.
 */
import { CONFIG_DEFAULTS } from "../config-defaults.js";
import { googleCalendarSettings, type GoogleCalendarSettings } from "./calls/google-calendar.js";
import { adSpendSettings, type AdSpendSettings } from "./adspend/settings.js";
import { conversionSettings, type ConversionSettings } from "./conversions/settings.js";
import { paystackSettings, type PaystackSettings } from "./payments/paystack.js";
import { DEV_RATE_LIMIT_SALT } from "./rate-limit-postgres.js";

/** The manage tokens' key when CALLS_TOKEN_SECRET is unset (development, tests); api/calls logs it on Vercel. */
export const DEV_CALLS_TOKEN_SECRET = "local-calls-token-secret";

/** The proposals' links' key when PROPOSALS_TOKEN_SECRET is unset (development, tests); api/proposals refuses it on Vercel. */
export const DEV_PROPOSALS_TOKEN_SECRET = "local-proposals-token-secret";

/** The booking challenge's HMAC key when CALLS_CHALLENGE_SECRET is unset (development, tests); api/calls refuses it on Vercel. */
export const DEV_CALLS_CHALLENGE_SECRET = "local-calls-challenge-secret";

/**
 * The booking challenge's largest number (ALTCHA's `maxnumber`): the browser tries half of it on
 * average, one SHA-256 each. 50,000 took a median 0.4 s in Node on a busy 2-core machine (batched crypto.subtle,
 * src/lib/calls/challenge.ts), about a second on a mid-range phone, started as the form appears;
 * a script pays it for every booking.
 */
const DEFAULT_CALLS_CHALLENGE_MAX_NUMBER = 50_000;

/** Environment variables as Node gives them (tests pass a plain object). */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ServerSettings {
  /** Running on Vercel (VERCEL is set): no local fallbacks. */
  onVercel: boolean;
  /** The public origin (VITE_SITE_URL), without a trailing slash; empty = the request's own origin. */
  siteUrl: string;
  /** Where visitors can reach the agency besides the forms (VITE_CONTACT_EMAIL, VITE_WHATSAPP_NUMBER). */
  contactEmail: string;
  whatsappNumber: string;
  /** The hosted intake form (VITE_INTAKE_FORM_URL), linked from the visitor's reply. */
  intakeFormUrl: string;
  /** The ad platforms, the cron secret and the dispatcher's service-role key (conversions/settings.ts). */
  conversions: ConversionSettings;
  /** The daily ad spend import: Meta's ad account and Google Ads' customer (adspend/settings.ts). */
  adSpend: AdSpendSettings;
  /**
   * LOCAL_IP_COUNTRY: the country (ISO 3166 alpha-2) the local servers give every request as
   * `x-vercel-ip-country`, as Vercel's edge does, so the Traffic report's countries can be tried
   * locally; empty = none (never used on Vercel, whose header is real).
   */
  localIpCountry: string;
  /** RATE_LIMIT_SALT: the secret the rate limiter hashes client addresses with; the development salt when unset. */
  rateLimitSalt: string;
  /**
   * CALLS_TOKEN_SECRET: the key a discovery call's manage token is derived with from the booking's id
   * (calls/tokens.ts), so every message about the call can carry the link; a development key when unset.
   */
  callsTokenSecret: string;
  /**
   * PROPOSALS_TOKEN_SECRET: the key a client's proposal link is derived with from the proposal's id
   * and the send's number (proposals/tokens.ts); a development key when unset, refused on Vercel.
   */
  proposalsTokenSecret: string;
  /**
   * CALLS_FEED_SECRET: the secret of the agency's .ics feed of upcoming calls (calls/feed.ts); empty =
   * no feed (404).
   */
  callsFeedSecret: string;
  /**
   * The proof of work /book asks for (calls/challenge.ts): CALLS_CHALLENGE_SECRET, the HMAC key its
   * challenges are signed with (a development key when unset), and CALLS_CHALLENGE_MAX_NUMBER, its
   * difficulty (1,000 to 10,000,000; DEFAULT_CALLS_CHALLENGE_MAX_NUMBER when unset).
   */
  callsChallenge: { secret: string; maxNumber: number };
  /** The agency's Google Calendar (calls/google-calendar.ts); null unless GOOGLE_CALENDAR_* are set. */
  googleCalendar: GoogleCalendarSettings | null;
  /**
   * Paystack, the proposals' payments (payments/paystack.ts): PAYSTACK_SECRET_KEY, the API's key and
   * the webhooks' signing key, and PAYSTACK_API_URL (Paystack's own by default); null without the key
   * (the webhook answers 503). The local servers point both at their stand-in when the key is unset.
   */
  paystack: PaystackSettings | null;
  supabase: {
    /** SUPABASE_URL, else VITE_SUPABASE_URL, without a trailing slash; empty = not configured. */
    url: string;
    /** SUPABASE_ANON_KEY, else VITE_SUPABASE_ANON_KEY. */
    anonKey: string;
    /** The local Supabase's anon key (LOCAL_SUPABASE_ANON_KEY), used off Vercel when no URL is set; empty = the built-in one. */
    localAnonKey: string;
    /**
     * The local Supabase's service-role key (LOCAL_SUPABASE_SERVICE_ROLE_KEY), used off Vercel when no
     * URL is set; empty = the built-in one. The hosted key is SUPABASE_SERVICE_ROLE_KEY (conversions.serviceRoleKey).
     */
    localServiceRoleKey: string;
  };
  /** What a lead sends, and where (src/server/messages). */
  messages: MessageSettings;
  leadsWebhook: {
    /** LEADS_WEBHOOK_URL; empty = leads are stored without being forwarded. */
    url: string;
    /** LEADS_WEBHOOK_SECRET; empty = unsigned. */
    secret: string;
    /** LEADS_WEBHOOK_TIMEOUT_MS, per attempt. */
    timeoutMs: number;
  };
  newsletter: {
    /** NEWSLETTER_FORM_URL; empty = sign-up answers 503. */
    formUrl: string;
    /** NEWSLETTER_EMAIL_FIELD, NEWSLETTER_SOURCE_FIELD: the provider's field names. */
    emailField: string;
    sourceField: string;
    /** NEWSLETTER_TIMEOUT_MS. */
    timeoutMs: number;
  };
}

export interface SmtpSettings {
  /** SMTP_URL (smtp[s]://user:pass@host:port), else built from SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD. */
  url: string | null;
  host: string | null;
  port: number | null;
  user: string | null;
  password: string | null;
}

/** The business number that sends, and one approved template. */
export interface WhatsAppSender {
  /** WHATSAPP_GRAPH_URL, without a trailing slash. */
  graphUrl: string;
  phoneNumberId: string;
  token: string;
  template: string;
  /** WHATSAPP_TEMPLATE_LANGUAGE. */
  language: string;
}

interface WhatsAppSettings extends WhatsAppSender {
  /** WHATSAPP_TEMPLATE: an approved template with three body parameters (name, service, admin link). */
  template: string;
  /** WHATSAPP_NOTIFY_TO: E.164 numbers, comma separated (digits kept). */
  notifyTo: string[];
}

interface MessageSettings {
  /** null when neither SMTP_URL nor SMTP_HOST is set: e-mail rows are skipped as not configured. */
  smtp: SmtpSettings | null;
  /** MAIL_FROM, e.g. `Ascend Digital <hello@ascenddigital.ng>`; empty = the contact address. */
  mailFrom: string;
  /** LEADS_NOTIFY_EMAILS, comma separated; empty = the team's e-mail and reminders are not configured. */
  notifyEmails: string[];
  /** LEADS_REMINDER_MINUTES: a lead still new this long after it arrived reminds the team once. */
  reminderMinutes: number;
  /** null unless WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_TEMPLATE and WHATSAPP_NOTIFY_TO are set. */
  whatsapp: WhatsAppSettings | null;
  /**
   * The client's link to a proposal by WhatsApp: null unless WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN
   * and WHATSAPP_PROPOSAL_TEMPLATE (an approved template with three body parameters: the client's
   * name, the proposal, its link) are set.
   */
  clientWhatsapp: WhatsAppSender | null;
}

export const DEFAULT_WHATSAPP_GRAPH_URL = "https://graph.facebook.com/v23.0";

const SETTING_DEFAULTS = {
  reminderMinutes: 30,
  whatsappLanguage: "en",
  leadsWebhookTimeoutMs: 5_000,
  newsletterTimeoutMs: 8_000,
  newsletterEmailField: "email",
  newsletterSourceField: "fields[source]",
} as const;

/** The first of `names` that is set to something other than blanks, trimmed; else "". */
function first(env: Env, ...names: string[]): string {
  return names.map((name) => env[name]?.trim()).find((value) => value) ?? "";
}

/** A positive number of milliseconds, else `fallback`. */
function milliseconds(value: string, fallback: number): number {
  const parsed = Number(value);
  return value !== "" && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** A comma-separated list, trimmed, without blanks. */
const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function messageSettings(env: Env): MessageSettings {
  const smtpUrl = first(env, "SMTP_URL");
  const smtpHost = first(env, "SMTP_HOST");
  const port = Number(first(env, "SMTP_PORT"));
  const phoneNumberId = first(env, "WHATSAPP_PHONE_NUMBER_ID");
  const token = first(env, "WHATSAPP_TOKEN");
  const template = first(env, "WHATSAPP_TEMPLATE");
  const proposalTemplate = first(env, "WHATSAPP_PROPOSAL_TEMPLATE");
  const sender = (name: string): WhatsAppSender => ({
    graphUrl: withoutTrailingSlash(first(env, "WHATSAPP_GRAPH_URL") || DEFAULT_WHATSAPP_GRAPH_URL),
    phoneNumberId,
    token,
    template: name,
    language: first(env, "WHATSAPP_TEMPLATE_LANGUAGE") || SETTING_DEFAULTS.whatsappLanguage,
  });
  // E.164 digits: what the Cloud API takes in `to` ("+234 809 ..." becomes "234809...").
  const notifyTo = list(first(env, "WHATSAPP_NOTIFY_TO"))
    .map((number) => number.replace(/\D/g, ""))
    .filter(Boolean);
  const minutes = Number(first(env, "LEADS_REMINDER_MINUTES"));
  return {
    smtp:
      smtpUrl || smtpHost
        ? {
            url: smtpUrl || null,
            host: smtpHost || null,
            port: Number.isInteger(port) && port > 0 ? port : null,
            user: first(env, "SMTP_USER") || null,
            password: first(env, "SMTP_PASSWORD") || null,
          }
        : null,
    mailFrom: first(env, "MAIL_FROM"),
    notifyEmails: list(first(env, "LEADS_NOTIFY_EMAILS")),
    reminderMinutes: Number.isInteger(minutes) && minutes > 0 ? minutes : SETTING_DEFAULTS.reminderMinutes,
    whatsapp: phoneNumberId && token && template && notifyTo.length > 0 ? { ...sender(template), notifyTo } : null,
    clientWhatsapp: phoneNumberId && token && proposalTemplate ? sender(proposalTemplate) : null,
  };
}

function challengeMaxNumber(value: string): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1_000 && number <= 10_000_000
    ? number
    : DEFAULT_CALLS_CHALLENGE_MAX_NUMBER;
}

export function readSettings(env: Env = process.env): ServerSettings {
  return {
    onVercel: Boolean(env.VERCEL),
    siteUrl: withoutTrailingSlash(first(env, "VITE_SITE_URL")),
    contactEmail: first(env, "VITE_CONTACT_EMAIL") || CONFIG_DEFAULTS.contactEmail,
    whatsappNumber: first(env, "VITE_WHATSAPP_NUMBER") || CONFIG_DEFAULTS.whatsappNumber,
    intakeFormUrl: first(env, "VITE_INTAKE_FORM_URL") || CONFIG_DEFAULTS.intakeFormUrl,
    conversions: conversionSettings(env),
    adSpend: adSpendSettings(env),
    rateLimitSalt: first(env, "RATE_LIMIT_SALT") || DEV_RATE_LIMIT_SALT,
    callsTokenSecret: first(env, "CALLS_TOKEN_SECRET") || DEV_CALLS_TOKEN_SECRET,
    callsFeedSecret: first(env, "CALLS_FEED_SECRET"),
    proposalsTokenSecret: first(env, "PROPOSALS_TOKEN_SECRET") || DEV_PROPOSALS_TOKEN_SECRET,
    callsChallenge: {
      secret: first(env, "CALLS_CHALLENGE_SECRET") || DEV_CALLS_CHALLENGE_SECRET,
      maxNumber: challengeMaxNumber(first(env, "CALLS_CHALLENGE_MAX_NUMBER")),
    },
    googleCalendar: googleCalendarSettings(env),
    paystack: paystackSettings(env),
    localIpCountry: /^[a-z]{2}$/i.test(first(env, "LOCAL_IP_COUNTRY"))
      ? first(env, "LOCAL_IP_COUNTRY").toUpperCase()
      : "",
    supabase: {
      url: withoutTrailingSlash(first(env, "SUPABASE_URL", "VITE_SUPABASE_URL")),
      anonKey: first(env, "SUPABASE_ANON_KEY", "VITE_SUPABASE_ANON_KEY"),
      localAnonKey: first(env, "LOCAL_SUPABASE_ANON_KEY"),
      localServiceRoleKey: first(env, "LOCAL_SUPABASE_SERVICE_ROLE_KEY"),
    },
    messages: messageSettings(env),
    leadsWebhook: {
      url: first(env, "LEADS_WEBHOOK_URL"),
      secret: first(env, "LEADS_WEBHOOK_SECRET"),
      timeoutMs: milliseconds(first(env, "LEADS_WEBHOOK_TIMEOUT_MS"), SETTING_DEFAULTS.leadsWebhookTimeoutMs),
    },
    newsletter: {
      formUrl: first(env, "NEWSLETTER_FORM_URL"),
      emailField: first(env, "NEWSLETTER_EMAIL_FIELD") || SETTING_DEFAULTS.newsletterEmailField,
      sourceField: first(env, "NEWSLETTER_SOURCE_FIELD") || SETTING_DEFAULTS.newsletterSourceField,
      timeoutMs: milliseconds(first(env, "NEWSLETTER_TIMEOUT_MS"), SETTING_DEFAULTS.newsletterTimeoutMs),
    },
  };
}
