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
import { conversionSettings, type ConversionSettings } from "./conversions/settings.js";
import { DEV_RATE_LIMIT_SALT } from "./rate-limit-postgres.js";

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
  /** The ad platforms, the cron secret and the dispatcher's service-role key (conversions/settings.ts). */
  conversions: ConversionSettings;
  /** RATE_LIMIT_SALT: the secret the rate limiter hashes client addresses with; the development salt when unset. */
  rateLimitSalt: string;
  supabase: {
    /** SUPABASE_URL, else VITE_SUPABASE_URL, without a trailing slash; empty = not configured. */
    url: string;
    /** SUPABASE_ANON_KEY, else VITE_SUPABASE_ANON_KEY. */
    anonKey: string;
    /** The local Supabase's anon key (LOCAL_SUPABASE_ANON_KEY), used off Vercel when no URL is set; empty = the built-in one. */
    localAnonKey: string;
  };
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

const SETTING_DEFAULTS = {
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

export function readSettings(env: Env = process.env): ServerSettings {
  return {
    onVercel: Boolean(env.VERCEL),
    siteUrl: withoutTrailingSlash(first(env, "VITE_SITE_URL")),
    contactEmail: first(env, "VITE_CONTACT_EMAIL") || CONFIG_DEFAULTS.contactEmail,
    whatsappNumber: first(env, "VITE_WHATSAPP_NUMBER") || CONFIG_DEFAULTS.whatsappNumber,
    conversions: conversionSettings(env),
    rateLimitSalt: first(env, "RATE_LIMIT_SALT") || DEV_RATE_LIMIT_SALT,
    supabase: {
      url: withoutTrailingSlash(first(env, "SUPABASE_URL", "VITE_SUPABASE_URL")),
      anonKey: first(env, "SUPABASE_ANON_KEY", "VITE_SUPABASE_ANON_KEY"),
      localAnonKey: first(env, "LOCAL_SUPABASE_ANON_KEY"),
    },
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
