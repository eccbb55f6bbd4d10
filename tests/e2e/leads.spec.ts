import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { gotoHydrated, waitForHydration, waitForStillPage } from "./hydration";
import { signIn } from "./sign-in";

// An address of its own: the contact function allows 10 enquiries per address in 10 minutes, and
// other specs enquire from 127.0.0.1 too.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.66" } });

/**
 * Leads end to end, against the production build, the real api/contact function and the local
 * Supabase: a visitor arriving from a Facebook ad enquires; the admin finds the lead with its
 * source and campaign, works it, and exports it.
 */

async function fillContactForm(page: Page, name: string, email: string) {
  const form = page.getByRole("form", { name: "Tell us about your project" });
  await form.getByText("Web Design", { exact: true }).click();
  const web = page.getByRole("group", { name: "Web design details" });
  await web.getByRole("radio", { name: "GrowthSite" }).check();
  await web.getByRole("checkbox", { name: "Lead form" }).check();
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Company name").fill("Noir Malika, Ltd");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Phone number").fill("0803 555 0100");
  await form.getByLabel(/^Message/).fill('=HYPERLINK("http://evil.example") <b>not bold</b>');
  return form;
}

test("a visitor from a Facebook ad enquires, and the admin works the lead with its source and campaign", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `Amaka Lead ${stamp}`;
  const email = `lead-${stamp}@example.ng`;

  // The function takes a submit faster than a person could fill the form for a bot's (and answers as
  // if accepted without storing it): the test's clock moves on by the seconds a visitor would take.
  await page.clock.install();

  // Arrive from the ad, then browse before enquiring.
  await gotoHydrated(page, "/?utm_source=facebook&utm_campaign=launch&fbclid=x");
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("ascend-attribution")))
    .toContain('"utm_campaign":"launch"');
  await page.getByRole("navigation").getByRole("link", { name: "Services" }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await gotoHydrated(page, "/contact");

  const form = await fillContactForm(page, name, email);
  await page.clock.fastForward("00:20");
  await form.getByRole("button", { name: "Send My Details" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText(`Thank you, Amaka.`)).toBeVisible();

  // The admin's inbox.
  await page.goto("/admin/leads");
  await signIn(page, { redirected: true });
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(sidebar.getByRole("link", { name: /^Leads \d+ new$/ })).toBeVisible();
  // The figures above the filters arrive after them and push them down the page: a click on Search
  // while they arrive lands where the button was (a busy run's click sent nothing).
  await expect(page.getByRole("heading", { level: 2, name: "The last 12 weeks" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(String(stamp));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Noir Malika, Ltd");
  await expect(row).toContainText("Web Design · GrowthSite");
  await expect(row).toContainText("facebook / launch");
  await expect(row).toContainText("New");

  // The lead's page: every answer as text, the attribution, the ways to reply.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText('=HYPERLINK("http://evil.example") <b>not bold</b>')).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(email) })).toHaveAttribute("href", `mailto:${email}`);
  await expect(page.getByRole("link", { name: /^Call:/ })).toHaveAttribute("href", "tel:08035550100");
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/2348035550100\?text=Hello%20Amaka/,
  );
  const attribution = page.getByRole("region", { name: "Where they came from" });
  await expect(attribution).toContainText("Campaign (utm_campaign)launch");
  await expect(attribution).toContainText("Facebook click id (fbclid)x");
  await expect(attribution).toContainText("/?utm_source=facebook&utm_campaign=launch&fbclid=x");
  // No LEADS_WEBHOOK_URL in the test server: its local stand-in received the lead.
  await expect(attribution).toContainText(/Forwarded on|Being forwarded/);

  await page.getByLabel("Status").selectOption("contacted");
  await expect(page.getByText("Status updated", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "Notes and history" });
  await expect(history).toContainText("Status changed from New to Contacted");
  await history.getByLabel("Add a note").fill("Called: wants a quote by Friday.");
  await history.getByRole("button", { name: "Add note" }).click();
  await expect(history.getByText("Called: wants a quote by Friday.")).toBeVisible();
  await expect(history.getByLabel("Add a note")).toHaveValue("");

  // Reloaded, the change and the note are still there (they are in the database, not the page).
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
  await expect(
    page.getByRole("region", { name: "Notes and history" }).getByText("Called: wants a quote by Friday."),
  ).toBeVisible();

  // Back to the filtered list, then export it.
  await page.getByRole("link", { name: "All leads" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${stamp}$`));
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) })).toContainText("Contacted");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(1);
  expect(parsed.data[0]).toMatchObject({
    full_name: name,
    email,
    status: "contacted",
    company_name: "Noir Malika, Ltd",
    service: "web-design",
    package: "GrowthSite",
    features: "lead-form",
    source: "facebook",
    campaign: "launch",
    first_utm_source: "facebook",
    first_fbclid: "x",
    message: '\'=HYPERLINK("http://evil.example") <b>not bold</b>',
  });
});

test("the admin erases a lead, with its history, after a confirmation that names the person", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const name = `Ngozi Erase ${stamp}`;
  const email = `erase-${stamp}@example.ng`;
  const sent = await request.post("/api/contact", {
    data: { fullName: name, email, service: "crm", elapsedMs: 20_000 },
    headers: { "x-forwarded-for": `198.18.${stamp % 250}.${(stamp >> 8) % 250}` },
  });
  expect(sent.status()).toBe(200);

  await page.goto("/admin/leads");
  await signIn(page, { redirected: true });
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  // Once the figures above the filters have arrived and pushed them down (see the test above).
  await expect(page.getByRole("heading", { level: 2, name: "The last 12 weeks" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(String(stamp));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const leadUrl = page.url();
  const history = page.getByRole("region", { name: "Notes and history" });
  await history.getByLabel("Add a note").fill("Asked us to erase their data.");
  await history.getByRole("button", { name: "Add note" }).click();
  await expect(history.getByText("Asked us to erase their data.")).toBeVisible();

  // Cancelling changes nothing.
  await page.getByRole("button", { name: "Delete lead" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Delete ${name}'s enquiry for good?` });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.getByRole("button", { name: "Delete lead" }).click();
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByText("Lead deleted", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name}'s enquiry and its history were erased.`, { exact: true })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(String(stamp));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.goto(leadUrl);
  await expect(page.getByText("This lead does not exist, or you cannot see it.")).toBeVisible();
});

test("when the enquiry cannot be sent, every answer stays, and 'Try again' sends it", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const stamp = Date.now();
  const form = await fillContactForm(page, `Retry Lead ${stamp}`, `retry-${stamp}@example.ng`);
  await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
  await form.getByRole("button", { name: "Send My Details" }).click();

  const alert = page.getByRole("alert").filter({ hasText: "Your details were not sent" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("We could not reach our server.");
  await expect(alert.getByRole("link", { name: "Email us" })).toHaveAttribute("href", /^mailto:/);
  await expect(alert.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await expect(form.getByLabel("Full name")).toHaveValue(`Retry Lead ${stamp}`);
  await expect(page.getByRole("checkbox", { name: "Lead form" })).toBeChecked();
  await expect(page).toHaveURL(/\/contact$/);

  await page.unroute("**/api/contact");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts itself to the function and lands on the thank-you page", async ({ page }) => {
    await page.goto("/contact");
    const stamp = Date.now();
    const form = page.getByRole("form", { name: "Tell us about your project" });
    await form.getByLabel("Full name").fill(`Plain Form ${stamp}`);
    await form.getByLabel("Email address").fill(`plain-${stamp}@example.ng`);
    await form.getByRole("button", { name: "Send My Details" }).click();
    // The token that books the lead's call travels in the fragment, which no server sees.
    await expect(page).toHaveURL(/\/thank-you#booking=[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole("heading", { level: 1, name: "You're Booked In!" })).toBeVisible();
    await expect(page.getByText(/Booking a time needs JavaScript/)).toBeVisible();
  });
});

test.describe("the WhatsApp button", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Visible controls the button's box overlaps (links, buttons, fields), other than itself. */
  async function overlappedControls(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const button = document.querySelector<HTMLAnchorElement>(
        'a[href^="https://wa.me/"][aria-label^="Chat with us on WhatsApp"]',
      );
      if (!button) return ["(no button)"];
      const box = button.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")]
        .filter(
          (element) =>
            element !== button &&
            !button.contains(element) &&
            element.getAttribute("aria-hidden") !== "true" &&
            element.tabIndex >= 0,
        )
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden") return false;
          return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
        })
        .map((element) => element.outerHTML.slice(0, 120));
    });
  }

  for (const path of ["/", "/services", "/portfolio", "/contact", "/blog", "/privacy"]) {
    test(`on ${path} it is labelled, names the page, and covers no control at the top or the bottom of the page`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      const button = page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute("target", "_blank");
      const href = new URL((await button.getAttribute("href"))!);
      expect(href.origin + href.pathname).toBe("https://wa.me/2348095550142");
      expect(href.searchParams.get("text")).toContain(`https://ascenddigital.ng${path === "/" ? "/" : path}`);
      expect(await overlappedControls(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await waitForStillPage(page);
      expect(await overlappedControls(page)).toEqual([]);
    });
  }

  test("is reachable with the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    const button = page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" });
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab");
      if (await button.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error("The WhatsApp button was never focused with Tab");
  });

  test("is not on the sign-in page or in the admin area", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await expect(page.getByRole("link", { name: /Chat with us on WhatsApp/ })).toHaveCount(0);
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: /Chat with us on WhatsApp/ })).toHaveCount(0);
  });
});
