import { expect, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./backend";
import { gotoHydrated } from "./hydration";

export interface SignInOptions {
  /** By default the seeded admin (the Owner). */
  email?: string;
  password?: string;
  /** The page is already at /login, sent there by a protected screen; otherwise /login is opened. */
  redirected?: boolean;
  /** Where signing in should land, checked before returning. */
  landsOn?: RegExp;
}

/** Signs in on the sign-in page as a person does: the e-mail, the password, the button. */
export async function signIn(page: Page, options: SignInOptions = {}) {
  if (options.redirected) await expect(page).toHaveURL(/\/login$/);
  else await gotoHydrated(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(options.email ?? ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(options.password ?? ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (options.landsOn) await expect(page).toHaveURL(options.landsOn);
}
