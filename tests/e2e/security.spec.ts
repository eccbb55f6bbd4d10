import { expect, test } from "@playwright/test";
import { BOOTSTRAP_SCRIPT_HASH } from "../../scripts/bootstrap-script";
import { gotoHydrated } from "./hydration";

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/services", "/blog", "/blog/some-post", "/rss.xml", "/admin/posts/x/preview", "/nope"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // One inline script runs, the page's own (scripts/bootstrap-script.ts), allowed by its hash alone.
    expect(/script-src ([^;]*)/.exec(csp)?.[1], path).toBe(`'self' '${BOOTSTRAP_SCRIPT_HASH}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/connect-src 'self'/);
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  }
});

test("the admin area is kept out of search engines and shared caches", async ({ request }) => {
  for (const path of ["/admin", "/admin/posts/x/preview"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-robots-tag"], path).toBe("noindex, nofollow");
    expect(headers["cache-control"], path).toBe("no-store");
  }
});

test("hashed assets are cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator("script[data-entry]").getAttribute("data-entry");
  expect(script).toBeTruthy();
  const response = await request.get(script!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("no Content-Security-Policy violation on the main flows", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of [
    "/",
    "/services#paid-ads",
    "/portfolio",
    "/portfolio/mukki-paid-ads",
    "/contact",
    "/terms",
    "/blog",
    "/login",
  ]) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
  }
  await gotoHydrated(page, "/blog");
  await page
    .getByRole("link", { name: /Read More/ })
    .first()
    .click();
  await expect(page.locator("h1")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});
