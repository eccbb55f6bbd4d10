import { type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { thankYouCopy } from "../../src/content/contact";
import { collectConsoleErrors } from "./page-errors";

// An address of its own: the contact function allows 10 enquiries per address in 10 minutes, and
// other specs enquire from 127.0.0.1 too.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.67" } });

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe("contact form", () => {
  test("is filled in and submitted in the browser and lands on the thank-you page", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await open(page, "/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's build your system.");
    await expect(page.getByRole("link", { name: /get started/i }).last()).toHaveAttribute("target", "_blank");

    const form = page.getByRole("form", { name: "Tell us about your project" });
    await form.getByText("Web Design", { exact: true }).click();
    const web = page.getByRole("group", { name: "Web design details" });
    await web.getByRole("radio", { name: "No" }).check();
    await web.getByRole("radio", { name: "GrowthSite" }).check();
    await web.getByLabel("Reference sites or styles you like").fill("Clean, calm, lots of white space");
    await web.getByRole("checkbox", { name: "Speed" }).check();
    await web.getByRole("checkbox", { name: "Lead form" }).check();

    // An empty submit keeps the visitor on the page and points at the first missing field.
    await page.getByRole("button", { name: "Send My Details" }).click();
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expect(form.getByText("Please enter your full name.")).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(web.getByRole("checkbox", { name: "Speed" })).toBeChecked();

    await form.getByLabel("Full name").fill("Tunde Bakare");
    await form.getByLabel("Company name").fill("Maple Dental Clinic");
    await form.getByLabel("Email address").fill("tunde@example.ng");
    await form.getByLabel("Phone number").fill("+234 809 000 0000");
    await page.getByRole("button", { name: "Send My Details" }).click();

    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're Booked In!");
    await expect(page.getByText("Thank you, Tunde.")).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("contact-request") ?? "{}"));
    expect(stored).toMatchObject({
      service: "web-design",
      webPackage: "GrowthSite",
      features: ["speed", "lead-form"],
      email: "tunde@example.ng",
    });

    // What books the call arrives after the page, below the link home (the times, or the way to /book
    // when the enquiry came too fast to be given a booking): the link stays where it was.
    const home = page.getByRole("link", { name: "Return to Homepage" });
    const before = await home.boundingBox();
    await expect(page.getByRole("radio").first().or(page.getByText(thankYouCopy.noToken))).toBeVisible();
    expect(await home.boundingBox()).toEqual(before);
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test("the FAQ opens and closes one answer at a time from the keyboard", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await open(page, "/contact");
    const first = page.getByRole("button", { name: "What is Ascend Digital?" });
    const second = page.getByRole("button", { name: "How do I get started?" });
    await expect(page.getByText(/free discovery call\. It is a no-obligation/).first()).toBeHidden();

    await first.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/digital agency in Abuja/)).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(/digital agency in Abuja/)).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "false");
    expect(errors).toEqual([]);
  });
});

test.describe("legal pages", () => {
  for (const { path, heading, sections, date } of [
    { path: "/terms", heading: "Terms & Conditions", sections: 11, date: "July 4, 2024" },
    { path: "/privacy", heading: "Privacy Policy", sections: 13, date: "November 25, 2026" },
  ]) {
    test(`${path} shows its heading, date and ${sections} sections`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByText(`Last updated ${date}`)).toBeVisible();
      const toc = page.getByRole("navigation", { name: "Contents" });
      await expect(toc.getByRole("link")).toHaveCount(sections);
      await toc
        .getByRole("link")
        .nth(sections - 1)
        .click();
      await expect(page).toHaveURL(new RegExp(`#section-${sections}$`));
      await expect(page.locator(`#section-${sections} h2`)).toBeInViewport();
      expect(errors).toEqual([]);
    });
  }
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ["/contact", "/thank-you", "/terms", "/privacy"]) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await open(page, path);
      if (path === "/contact") {
        await page.getByRole("form").getByText("Paid Ads Management", { exact: true }).click();
        await page.getByRole("group", { name: "Have you run ads before?" }).getByRole("radio", { name: "Yes" }).check();
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }
});
