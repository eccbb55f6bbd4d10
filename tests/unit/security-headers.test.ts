import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_SCRIPT, BOOTSTRAP_SCRIPT_HASH } from "../../scripts/bootstrap-script";
import {
  ANY_SUPABASE_PROJECT,
  contentSecurityPolicy,
  headerRules,
  securityHeaders,
} from "../../scripts/security-headers";

const vercel = JSON.parse(readFileSync(new URL("../../vercel.json", import.meta.url), "utf8")) as { headers: unknown };

describe("security headers", () => {
  it("vercel.json carries exactly the headers generated from scripts/security-headers.ts", () => {
    expect(vercel.headers).toEqual(headerRules());
  });

  it("allows scripts from the site and the page's one inline script, and nothing can frame the site", () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain(`script-src 'self' '${BOOTSTRAP_SCRIPT_HASH}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain(`connect-src 'self' ${ANY_SUPABASE_PROJECT}`);
  });

  it("names the inline script by the hash a browser computes of its text (SHA-256, base64)", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(BOOTSTRAP_SCRIPT));
    expect(BOOTSTRAP_SCRIPT_HASH).toBe(`sha256-${Buffer.from(digest).toString("base64")}`);
  });

  it("pins connect-src to the configured Supabase project", () => {
    const csp = contentSecurityPolicy({ supabaseUrl: "https://abcd.supabase.co/" });
    expect(csp).toContain("connect-src 'self' https://abcd.supabase.co;");
  });

  it("keeps the admin area out of search engines and shared caches", () => {
    const admin = headerRules().filter((rule) => rule.source.startsWith("/admin"));
    expect(admin.map((rule) => rule.source)).toEqual(["/admin", "/admin/(.*)"]);
    for (const rule of admin) {
      expect(rule.headers).toEqual(
        expect.arrayContaining([
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Cache-Control", value: "no-store" },
        ]),
      );
    }
  });

  it("sends HSTS for two years with subdomains, and the other hardening headers", () => {
    const headers = securityHeaders();
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains; preload");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });
});
