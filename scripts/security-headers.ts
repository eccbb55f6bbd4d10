/**
 * The one source of the site's HTTP response headers. `vercel.json` is generated from it
 * (`npm run vercel:sync`) and the `vite preview` server sends the same headers (see
 * `securityHeadersPlugin`), so the Playwright suite proves the policy breaks nothing.
 */
import { RESET_PASSWORD_PATH } from "../src/lib/auth-paths.ts";
import { BOOTSTRAP_SCRIPT_HASH } from "./bootstrap-script.ts";

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

export interface PolicyOptions {
  /** The configured hosted Supabase URL; when empty, any Supabase project host is allowed. */
  supabaseUrl?: string;
}

/** Supabase hosts when the exact project is not known at the time the policy is generated. */
export const ANY_SUPABASE_PROJECT = "https://*.supabase.co";

function origin(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy({ supabaseUrl }: PolicyOptions = {}): string {
  const supabase = supabaseUrl ? origin(supabaseUrl) : ANY_SUPABASE_PROJECT;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // The one inline script every page carries, by its hash (scripts/bootstrap-script.ts): no other.
    "script-src": ["'self'", `'${BOOTSTRAP_SCRIPT_HASH}'`],
    // React and the pages' animations set style attributes; no script runs from a style.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Blog post images are http(s) URLs chosen by the admin.
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", supabase],
    "manifest-src": ["'self'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** Hashed build output never changes under the same name: cache it for a year. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * The admin area (its shell holds no data, but drafts are previewed there) and the password recovery
 * page (its address carries the recovery link's tokens): kept out of search engines and out of shared
 * caches.
 */
export const ADMIN_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" } as const;
export const ADMIN_PATH = new RegExp(`^(/admin(/|$)|${RESET_PASSWORD_PATH}([?#]|$))`);

export function headerRules(options: PolicyOptions = {}): HeaderRule[] {
  const toList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  return [
    { source: "/(.*)", headers: toList(securityHeaders(options)) },
    { source: "/assets/(.*)", headers: toList({ "Cache-Control": IMMUTABLE_CACHE }) },
    { source: "/admin", headers: toList(ADMIN_HEADERS) },
    { source: "/admin/(.*)", headers: toList(ADMIN_HEADERS) },
    { source: RESET_PASSWORD_PATH, headers: toList(ADMIN_HEADERS) },
  ];
}
