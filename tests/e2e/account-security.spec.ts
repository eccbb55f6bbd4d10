import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { Secret, TOTP } from "otpauth";
import { createAdmin, insertLead, passwordToken, readLeadsWith } from "./backend";
import { gotoHydrated } from "./hydration";
import { signIn } from "./sign-in";

/**
 * The admin's account: an authenticator app enrolled from the Security page, signing in with password
 * and code, the database refusing a password-only session, and password recovery through the local
 * mailbox. It runs as an admin of its own (createAdmin), in order, so the shared local admin that
 * other specs sign in with never needs a code.
 */
test.describe.configure({ mode: "serial" });

const email = `mfa-${randomUUID().slice(0, 8)}@example.com`;
let password = "first-password-for-mfa";
let secret = "";
/** The last 30-second step whose code was accepted: the local GoTrue refuses a code twice. */
let lastStep = -Infinity;
/** How long a code must stay good after it is made: the time to type it and for the server to check it. */
const CODE_MARGIN_SECONDS = 15;

/**
 * A code the server will take: the earliest step not used yet that it accepts now (it takes the
 * step either side of its clock's) and will still accept CODE_MARGIN_SECONDS later, so several codes
 * fit in one window. The step before now's is taken only early in now's: late in it, that code
 * lapses as the clock turns, before a loaded machine has sent it. When every such step is used, it
 * waits for the clock, and gives the test that time.
 */
async function nextCode(): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  for (;;) {
    const seconds = Date.now() / 1000;
    const now = Math.floor(seconds / 30);
    // Step s is accepted while the server's clock is within steps s - 1 to s + 1: until (s + 2) × 30 s.
    let step = Math.max(now - 1, lastStep + 1);
    if ((step + 2) * 30 - seconds < CODE_MARGIN_SECONDS) step += 1;
    if (step <= now + 1) {
      lastStep = step;
      return totp.generate({ timestamp: step * 30_000 });
    }
    const waitMs = Math.ceil(((step - 1) * 30 - seconds) * 1000) + 100;
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

async function signInWithPassword(page: Page) {
  await signIn(page, { email, password });
}

async function latestMailTo(request: APIRequestContext, address: string) {
  const { messages } = (await (await request.get("/__local/mail.json")).json()) as {
    messages: { to: string[]; text: string | null }[];
  };
  return messages.find((mail) => mail.to.includes(address));
}

test.beforeAll(async ({ request }) => {
  await createAdmin(request, email, password);
  await insertLead(request, { full_name: "Aal Two", email: `lead-${randomUUID().slice(0, 8)}@example.com` });
});

test("the admin enrols an authenticator app from the Security page", async ({ page }) => {
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/admin\/create-post$/);
  await page.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await expect(page.getByText(/No authenticator app yet/)).toBeVisible();

  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  await page.getByLabel("Name").fill("Test phone");
  await page.getByRole("button", { name: "Continue" }).click();
  const qr = page.getByRole("img", { name: /QR code for adding Test phone/ });
  await expect(qr).toBeVisible();
  // The image itself, not its alt text: the SVG decodes.
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // What a person would type from the screen: the grouped key, without its spaces.
  secret = (
    await page
      .locator("code")
      .filter({ hasText: /^[A-Z2-7 ]+$/ })
      .innerText()
  ).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.getByLabel("6-digit code from the app").fill(await nextCode());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Authenticator app added", { exact: true })).toBeVisible();
  await expect(page.getByText("Test phone", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Added /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a backup app" })).toBeVisible();
});

test("a password-only session reads no lead through the REST API", async ({ request }) => {
  const token = await passwordToken(request, email, password);
  expect(await readLeadsWith(request, token)).toEqual([]);
});

test("signing in asks for the code; a wrong one is refused, the right one lets the admin in", async ({ page }) => {
  await signInWithPassword(page);
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  const code = page.getByLabel("6-digit code");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code didn't work. Enter the code your app shows now.")).toBeVisible();
  await code.fill(await nextCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/create-post$/);

  // At aal2 the admin's screens read the leads again.
  await page.goto("/admin/leads");
  await expect(page.getByRole("link", { name: /Aal Two/ }).first()).toBeVisible();

  // A reload keeps aal2; signing out of all devices ends the session.
  await page.goto("/admin/security");
  await expect(page.getByText("Test phone", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin/security");
  await expect(page).toHaveURL(/\/login$/);
});

test("a forgotten password is reset from the e-mail's link, after the code", async ({ page, request }) => {
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(/If an account exists for that address, we've sent a link/)).toBeVisible();

  await expect.poll(async () => (await latestMailTo(request, email))?.text ?? "").toContain("/auth/v1/verify");
  const mail = await latestMailTo(request, email);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text!)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("6-digit code").fill(await nextCode());
  await page.getByRole("button", { name: "Verify" }).click();

  password = "second-password-after-reset";
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill("not the same");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin/);

  // The new password signs in (and asks for the code).
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page);
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
});
