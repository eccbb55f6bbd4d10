import { axeOf } from "./axe";
import type { Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { recordPageView } from "./backend";
import { bookAndConfirm, notOnSunday } from "./book-call";
import { gotoHydrated, waitForHydration, waitForStillPage } from "./hydration";
import { publicPages } from "./public-pages";
import { signIn } from "./sign-in";

/** WCAG 2.2 A and AA, as axe-core tags them. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const publicRoutes = [
  ...publicPages,
  "/services#crm-automation",
  "/portfolio/zeta-brent-destinations",
  "/portfolio/zeta-brent-education-ads",
  "/portfolio/noir-malika-paid-ads",
  "/portfolio/maple-dental-clinic-crm",
  "/not-a-page",
  // A booking's page with a link no longer valid (a real booking's is checked in calls.spec.ts's flow).
  "/calls/manage#token=unknownToken0123456789",
  // A proposal's page with a link no longer valid.
  "/proposals/view#token=unknownToken0123456789",
];

/** The phone and the desktop every screen is checked at. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Through the sign-in form, to the editor, where the seeded admin lands. */
const signInAsAdmin = (page: Page) => signIn(page, { landsOn: /\/admin\/create-post$/ });

async function expectNoViolations(page: Page, label: string) {
  // Let entrance animations settle so that contrast is measured on the final colours.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // Bands below the first screen are laid out and painted only near it (`skip-offscreen`, index.css),
  // as a visitor scrolls to them; axe reads colours from the painted page, so every band is shown.
  await page.addStyleTag({
    content: ".skip-offscreen, .skip-offscreen-footer { content-visibility: visible !important; }",
  });
  await waitForStillPage(page);
  // label-content-name-mismatch (WCAG 2.5.3, label in name) is marked experimental in axe, so it
  // is switched on by name.
  const results = await axeOf(page)
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary, `${label} has accessibility violations`).toEqual([]);
}

/**
 * The page as it is, at the phone's width and then at the desktop's, resized in place between the two
 * analyses (left at the desktop's). One load serves both widths: the site's layouts are CSS media
 * queries, which follow a resize, and no script decides what to render by the width (the traffic
 * beacon reads it, once, to count it).
 */
async function expectNoViolationsAtEachWidth(page: Page, label: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `${label} at ${viewport.width} px`);
  }
}

// The checks below pass on no violations; this one holds that they would see one, with its nodes.
test("the check reports a violation where there is one", async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><main><h1>Title</h1>` +
      `<p style="color:#bbb;background:#fff">Faint text</p><img src="data:," width="10" height="10"></main></html>`,
  );
  const results = await axeOf(page).withTags(WCAG_TAGS).analyze();
  const found = Object.fromEntries(results.violations.map((v) => [v.id, v.nodes.map((node) => node.target.join(" "))]));
  expect(found).toMatchObject({ "color-contrast": ["p"], "image-alt": ["img"] });
});

// Each page is checked at both widths in one load, resized between (expectNoViolationsAtEachWidth):
// this holds that the analysis after a resize reads the page as laid out at the new width.
test("a violation that shows at one width only is reported after a resize to it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><style>@media (min-width: 1000px) { p { color: #bbb } }</style>` +
      `<main><h1>Title</h1><p style="background:#fff">Faint on a desktop</p></main></html>`,
  );
  const contrast = async () =>
    (await axeOf(page).withRules(["color-contrast"]).analyze()).violations.flatMap((violation) =>
      violation.nodes.map((node) => node.target.join(" ")),
    );
  expect(await contrast()).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await contrast()).toEqual(["p"]);
});

// As Lighthouse and axe read a page on arrival: the footer far below the first screen, its content
// not laid out yet (skip-offscreen-footer). Its light text is measured against the dark band a visitor
// sees, not the white page behind a band that has not painted.
test.describe("on arrival, as Lighthouse's phone reads it", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the footer's text is measured against its own background before it is near the screen", async ({ page }) => {
    for (const route of ["/", "/services", "/blog"]) {
      await gotoHydrated(page, route);
      await page.waitForLoadState("networkidle");
      const results = await axeOf(page).withRules(["color-contrast"]).analyze();
      expect(
        results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" "))),
        `${route}: text contrast on arrival`,
      ).toEqual([]);
    }
  });
});

test.describe("every public page", () => {
  // Loaded at the phone's width; expectNoViolationsAtEachWidth then widens it.
  test.use({ viewport: PHONE });

  for (const route of publicRoutes) {
    test(`${route} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectNoViolationsAtEachWidth(page, route);
    });
  }
});

// The screens behind a sign-in, in five tests rather than one: each is a few pages and analyses, so
// that a test stays within its time on a machine that two runs share, and the suite's workers share
// them out.
test.describe("behind a sign-in and on a post", () => {
  // Each analysis is made at both widths: up to eight of them in one test.
  test.slow();
  test.use({ viewport: PHONE });

  test("a blog post has no WCAG 2.2 A/AA violations", async ({ page }) => {
    await page.goto("/blog");
    const firstPost = page.getByRole("link", { name: /Read More/ }).first();
    await firstPost.click();
    await expect(page.locator("h1")).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "blog post");
  });

  test("the editor and the dashboard have no WCAG 2.2 A/AA violations", async ({ page }) => {
    await signInAsAdmin(page);
    // The editor itself, not the access check's loading line before it (a busy machine can leave a
    // quiet network while that check's answer is still being handled).
    await expect(page.locator("h1")).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "create post");

    await page.goto("/admin");
    await expect(page.locator("h1")).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "dashboard");
  });

  test("the leads inbox and a lead's page have no WCAG 2.2 A/AA violations", async ({ page }) => {
    await signInAsAdmin(page);
    // The leads inbox, its chart and counts, and a lead's page, with a lead in them.
    // A name of its own on each run: the server, and its database, outlive one test.
    const leadName = `A11y Lead ${Date.now()}`;
    const enquiry = await page.request.post("/api/contact", {
      data: { fullName: leadName, email: "a11y@example.ng", service: "crm", elapsedMs: 30_000 },
      // An address of its own: the contact function allows 10 enquiries per address in 10 minutes.
      headers: { "x-forwarded-for": "198.51.100.68" },
    });
    expect(enquiry.status()).toBe(200);
    await page.goto("/admin/leads");
    const lead = page.getByRole("link", { name: leadName });
    await expect(lead).toBeVisible();
    await expect(page.getByRole("img", { name: /Leads per week/ })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "leads");
    await lead.click();
    await expect(page.getByRole("heading", { level: 1, name: leadName })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Ad conversions" })
        .getByText(/Not sent: no consent/)
        .first(),
    ).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "lead");
  });

  test("the Campaigns and Traffic screens have no WCAG 2.2 A/AA violations", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/campaigns");
    await expect(page.getByRole("table", { name: /^Visits and leads from/ })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "campaigns");

    // The Traffic page with a counted visit: its totals, chart, table of days and top lists.
    await recordPageView(page.request, { visitor: "ab".repeat(32), path: "/services", utm_source: "a11y" });
    await page.goto("/admin/traffic");
    await expect(page.getByRole("img", { name: /visitors and page views per day/ })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "traffic");
  });

  test("the Calls screens have no WCAG 2.2 A/AA violations", async ({ page }) => {
    await signInAsAdmin(page);

    // The list and the week with a booked call in them, then the settings with the offered times.
    const { slots } = (await (await page.request.get("/api/calls?view=slots")).json()) as { slots: string[] };
    const stamp = Date.now();
    const name = `A11y Caller ${stamp}`;
    // Booked and confirmed as a visitor does (the admin lists confirmed calls only), at a time of its
    // own: in the middle of the list, where neither the picker's specs (the first days) nor
    // calls-admin.spec (the last time) book.
    const offered = notOnSunday(slots);
    await bookAndConfirm(
      page.request,
      {
        start: offered[Math.floor(offered.length / 2)],
        timeZone: "Africa/Lagos",
        name,
        email: `a11y-call-${stamp}@example.ng`,
        website: "",
        elapsedMs: 5000,
      },
      { "x-forwarded-for": "198.51.100.190" },
    );
    await page.goto("/admin/calls");
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "calls");
    // The cancel dialog with its note; cancelling also gives the time back to the other specs.
    await page
      .getByRole("group", { name: `Actions for the call with ${name}` })
      .getByRole("button")
      .click();
    await page.getByRole("alertdialog").getByLabel("Note to the visitor").fill("Sorry, please pick another time.");
    await expectNoViolationsAtEachWidth(page, "calls cancel dialog");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel the call" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Week" }).click();
    await expect(page.getByRole("heading", { level: 2, name: / – / })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "calls week");
    await page.goto("/admin/calls/settings");
    await expect(page.getByRole("list", { name: "Next offered times" })).toBeVisible();
    await expectNoViolationsAtEachWidth(page, "calls settings");
  });
});

test.describe("keyboard", () => {
  test("a skip link is the first stop and moves focus to the content", async ({ page }) => {
    await page.goto("/services");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });

  test("focused controls show a visible focus ring", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus-visible");
    await expect(focused).toHaveCount(1);
    const ring = await focused.evaluate((element) => {
      const style = getComputedStyle(element);
      return { boxShadow: style.boxShadow, outline: style.outlineStyle };
    });
    expect(ring.boxShadow !== "none" || ring.outline !== "none").toBe(true);
  });

  test("the mobile menu works from the keyboard", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    // The menu button is a script's control: it works once the page has hydrated.
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("counters show their final values at once and loops do not run", async ({ page }) => {
    // After hydration: the counters and loops are started by scripts, so checking before proves nothing.
    await gotoHydrated(page, "/");
    await page.getByText("Numbers Don't Lie").scrollIntoViewIfNeeded();
    await expect(page.getByText("8,200", { exact: false }).first()).toBeVisible();
    const running = await page.evaluate(
      () =>
        document.getAnimations().filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return (
            animation.playState === "running" &&
            (timing?.iterations === Infinity || Number(timing?.activeDuration ?? 0) > 1000)
          );
        }).length,
    );
    expect(running).toBe(0);
  });
});
