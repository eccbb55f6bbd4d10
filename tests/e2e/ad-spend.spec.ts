import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./kept-page";
import { LOCAL_CRON_SECRET } from "../../supabase/local/conversion-standins.ts";
import { SEEDED_CAMPAIGNS } from "../../supabase/local/ad-spend-standin.ts";
import { adSpendCopy } from "../../src/content/ad-spend";
import { SERVICE_ROLE_KEY } from "./backend";
import { signIn } from "./sign-in";

/**
 * The Campaigns page's ad spend on the production build and the preview server's local backend: the
 * scheduled run imports the Meta stand-in's spend for its seeded campaign, a lead comes by that
 * campaign's link (its id in utm_id) and pays ₦240,000; the admin reads the campaign's spend, cost
 * per lead and return on ad spend, computed from the imported spend and the site's own lead and
 * payment.
 */

const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const campaign = SEEDED_CAMPAIGNS.meta;

async function rest(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const response = await request.post(`/rest/v1/${path}`, {
    headers: { ...service, prefer: "return=representation" },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A lead by the campaign's link who accepted a proposal of ₦240,000 and paid it, as the functions record it. */
async function payingLead(request: APIRequestContext, stamp: number) {
  const [lead] = (await rest(request, "leads", {
    full_name: "Ifeoma Spend",
    email: `spend-${stamp}@example.ng`,
    service: "paid-ads",
    first_touch: { utm_source: "facebook", utm_campaign: campaign.name, utm_id: campaign.id },
  })) as { id: string }[];
  const [proposal] = (await rest(request, "proposals", {
    lead_id: lead!.id,
    title: "AdGrowth for Ifeoma",
    currency: "NGN",
  })) as { id: string }[];
  const id = proposal!.id;
  await rest(request, "proposal_lines", {
    proposal_id: id,
    position: 0,
    kind: "package",
    description: "AdGrowth",
    unit_price_minor: 24_000_000,
  });
  await rest(request, "proposal_installments", {
    proposal_id: id,
    position: 0,
    label: "In full",
    due: "acceptance",
    share_bp: 10_000,
    amount_minor: 24_000_000,
  });
  const tokenHash = sha256(randomBytes(16).toString("hex"));
  const sent = await request.patch(`/rest/v1/proposals?id=eq.${id}`, {
    headers: service,
    data: { status: "sent", sent_at: new Date().toISOString(), token_hash: tokenHash },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // Its history, as send_proposal writes it: the messages of what follows are numbered by the send.
  await rest(request, "proposal_events", { proposal_id: id, kind: "sent", actor: "member" });
  await rest(request, "rpc/accept_proposal", {
    token_hash: tokenHash,
    accepted_name: "Ifeoma Spend",
    accepted_ip: "203.0.113.9",
    accepted_user_agent: "e2e",
    shown_sha256: sha256("shown"),
  });
  const reference = `ref-${stamp}`;
  await rest(request, "rpc/record_payment_request", {
    reference,
    proposal: id,
    purpose: "deposit",
    amount_minor: 24_000_000,
    currency: "NGN",
    installment: 0,
  });
  expect(
    await rest(request, "rpc/record_payment", {
      reference,
      amount_minor: 24_000_000,
      currency: "NGN",
      channel: "card",
      paid_at: new Date().toISOString(),
      recorded_by: "webhook",
    }),
  ).toBe("recorded");
}

test("the Campaigns page shows a campaign's imported spend, its cost per lead and its return", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The schedule's run: the day's spend import (once a day, whichever run comes first).
  const run = await request.get("/api/cron-outbox", { headers: { authorization: `Bearer ${LOCAL_CRON_SECRET}` } });
  expect(run.ok(), await run.text()).toBe(true);
  await payingLead(request, Date.now());

  await page.goto("/admin/campaigns");
  await signIn(page, { redirected: true });
  const report = page.getByRole("region", { name: adSpendCopy.reportLabel });
  const row = report.getByRole("row", { name: new RegExp(campaign.name) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  const cells = await row.locator("th, td").allInnerTexts();
  const headers = await report.getByRole("columnheader").allInnerTexts();
  const at = (label: string) => cells[headers.findIndex((header) => header.startsWith(label))]?.trim() ?? "";
  expect(at("Spend")).toMatch(/^₦[\d,]+$/);
  expect(at("Cost per lead")).toMatch(/^₦[\d,]+$/);
  expect(at("Revenue collected")).toMatch(/₦240,000/);
  expect(at("Return on ad spend")).toMatch(/^\d+(\.\d)?x$/);
});
