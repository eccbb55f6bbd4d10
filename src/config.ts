/**
 * The one reader of the environment. Every other module imports these typed values instead of
 * touching `import.meta.env`. Only `VITE_*` variables reach the browser bundle; server-side settings
 * (the newsletter provider, the local backend) are read by their own Node modules.
 */
import { CONFIG_DEFAULTS, LOCAL_SUPABASE_ANON_KEY } from "./config-defaults";

const env = import.meta.env;

function read(name: string, fallback: string): string {
  const value = (env[name] as string | undefined)?.trim();
  return value ? value : fallback;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

const supabaseUrl = stripTrailingSlash(read("VITE_SUPABASE_URL", ""));

export const config = {
  /** Public origin of the site, used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: stripTrailingSlash(read("VITE_SITE_URL", CONFIG_DEFAULTS.siteUrl)),
  /** The external hosted intake form that every 'Get Started' opens in a new tab. */
  intakeFormUrl: read("VITE_INTAKE_FORM_URL", CONFIG_DEFAULTS.intakeFormUrl),
  contactEmail: read("VITE_CONTACT_EMAIL", CONFIG_DEFAULTS.contactEmail),
  contactPhone: read("VITE_CONTACT_PHONE", CONFIG_DEFAULTS.contactPhone),
  /** The WhatsApp number visitors can message, international format (wa.me links). */
  whatsappNumber: read("VITE_WHATSAPP_NUMBER", CONFIG_DEFAULTS.whatsappNumber).replace(/\D/g, ""),
  /**
   * Supabase project URL and anon key. Empty URL means the local Supabase served by the dev and
   * preview servers at the same origin (see supabase/local).
   */
  supabaseUrl,
  supabaseAnonKey: supabaseUrl ? read("VITE_SUPABASE_ANON_KEY", "") : LOCAL_SUPABASE_ANON_KEY,
  /**
   * Vercel Speed Insights (real visitors' LCP, INP and CLS, cookieless): on in production builds of
   * a Vercel production deployment, where the host serves its script from the site's own origin
   * (/_vercel/speed-insights/script.js, allowed by script-src 'self'). Vercel gives the build
   * VITE_VERCEL_ENV; VITE_SPEED_INSIGHTS=1 or 0 overrides. Never on in development or tests.
   */
  speedInsights:
    Boolean(env.PROD) && read("VITE_SPEED_INSIGHTS", read("VITE_VERCEL_ENV", "") === "production" ? "1" : "0") === "1",
} as const;

/** `tel:` href for a display phone number such as '+234 809 555 0142'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
