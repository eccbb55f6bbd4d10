/**
 * The one reader of the environment. Every other module imports these typed values instead of
 * touching `import.meta.env`. Only `VITE_*` variables reach the browser bundle; server-side settings
 * (the newsletter provider, the local backend) are read by their own Node modules.
 */
const env = import.meta.env;

function read(name: string, fallback: string): string {
  const value = (env[name] as string | undefined)?.trim();
  return value ? value : fallback;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The local Supabase's public anon key (signed with the fixed local JWT secret, like Supabase's own
 * local keys). Only used when no hosted Supabase URL is configured; it grants nothing beyond what
 * the RLS policies allow an anonymous visitor.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjIwODI3NTg0MDB9.QaEhCxdQJ20c-uvtqQ5gMetS3XdQ5WSrsZxVz20rbgM";

const supabaseUrl = stripTrailingSlash(read("VITE_SUPABASE_URL", ""));

export const config = {
  /** Public origin of the site, used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: stripTrailingSlash(read("VITE_SITE_URL", "https://ascenddigital.ng")),
  /** The external hosted intake form that every 'Get Started' opens in a new tab. */
  intakeFormUrl: read("VITE_INTAKE_FORM_URL", "https://forms.ascenddigital.ng/start"),
  contactEmail: read("VITE_CONTACT_EMAIL", "hello@ascenddigital.ng"),
  contactPhone: read("VITE_CONTACT_PHONE", "+234 809 555 0142"),
  /**
   * Supabase project URL and anon key. Empty URL means the local Supabase served by the dev and
   * preview servers at the same origin (see supabase/local).
   */
  supabaseUrl,
  supabaseAnonKey: supabaseUrl ? read("VITE_SUPABASE_ANON_KEY", "") : LOCAL_SUPABASE_ANON_KEY,
} as const;

/** `tel:` href for a display phone number such as '+234 809 555 0142'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
