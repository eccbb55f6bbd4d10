import { expect, test } from "@playwright/test";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { signIn } from "./sign-in";

/**
 * The team's screens hold still while their parts load: nothing already shown moves when a part above
 * it arrives (a layout shift, as the browser reports it). Each screen is loaded with the requests of
 * its upper parts held back, so that what is under them (the inbox, the filters, the posts, the forms)
 * is there first: the order in which a slow network would show the screen.
 */

/** Per screen, the requests of the parts that stand above others, held back HOLD_MS. */
const SCREENS: Record<string, RegExp> = {
  // Speed to lead (and its e-mail notice) and the calls above the posts.
  "/admin": /\/rest\/v1\/(rpc\/(lead_response_stats|call_booking_stats)|lead_messages)\b/,
  // The figures above the filters and the inbox.
  "/admin/leads": /\/rest\/v1\/lead_(weekly_)?counts\b/,
  // The report above the exchange rates.
  "/admin/campaigns": /\/rest\/v1\/(rpc\/(campaign_\w+|ad_campaign_report|ad_spend_weekly)|ad_spend_imports)\b/,
  // The money above the filters and the list.
  "/admin/proposals": /\/rest\/v1\/(payments|payment_refunds)\b/,
  // The members above the invitations and the invite form.
  "/admin/team": /\/rest\/v1\/rpc\/team_members\b/,
};

const HOLD_MS = 600;

for (const width of [390, 1440]) {
  test(`at ${width} px, the team's screens do not move while their parts load`, async ({ page }) => {
    // Every screen in turn, each with requests held HOLD_MS and a wait for the network's quiet: 16-23 s
    // in ten CI runs, and 31.3 s once beside the other workers, past the default 30 s in the last wait.
    test.setTimeout(45_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // A lead of the last 12 weeks, so that the inbox's figures draw their chart.
    const enquiry = await page.request.post("/api/contact", {
      data: {
        fullName: `Stability Lead ${width}`,
        email: `stability-${width}@example.ng`,
        service: "crm",
        elapsedMs: 30_000,
      },
      // An address of its own: the contact function allows 10 enquiries per address in 10 minutes.
      headers: { "x-forwarded-for": `198.51.100.${width === 390 ? 71 : 72}` },
    });
    expect(enquiry.status()).toBe(200);
    await signIn(page, { landsOn: /\/admin\// });
    await recordLayoutShifts(page);

    for (const [path, held] of Object.entries(SCREENS)) {
      await page.unrouteAll();
      let heldBack = 0;
      await page.route(held, async (route) => {
        heldBack += 1;
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
        await route.fallback();
      });
      await page.goto(path);
      // The held requests start once the screen's code has loaded and the session is read, which is
      // not always before the network first goes quiet: CI runs 158 and 160 saw the quiet, and no
      // "Loading" text yet, before /admin's figures were asked for. So wait for them first.
      await expect
        .poll(() => heldBack, { message: `${path}: its upper parts' requests were held back` })
        .toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      await expect(page.getByText(/^Loading [\w ]+\.\.\.$/)).toHaveCount(0);
      const shifts = await layoutShifts(page);
      expect(shifts, `${path} at ${width} px moved while it loaded`).toEqual([]);
    }
    await page.unrouteAll();
  });
}
