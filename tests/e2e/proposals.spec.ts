import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./kept-page";
import { proposalCopy } from "../../src/content/proposals";
import { proposalsAdminCopy } from "../../src/content/proposals-admin";
import { ANON_KEY, createMember, passwordToken, SERVICE_ROLE_KEY } from "./backend";
import { gotoHydrated } from "./hydration";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { signIn } from "./sign-in";

/**
 * From a lead to a paid deposit, against the production build, the preview server's local Supabase,
 * its mailbox (`/__local/mail`) and its Paystack stand-in (`/__local/paystack`): Sales makes a
 * proposal from a lead's page and sends it; the client opens the link from their e-mail on a phone,
 * accepts, pays the deposit on the stand-in's checkout and comes back to the receipt; the e-mails
 * (the link, the acceptance with its PDF, the receipt) arrive; the lead shows won with the amount
 * paid. An Author is refused the Proposals screen. Other specs use the same server, so this one
 * finds its lead and mail by its own address.
 */

interface CaughtMail {
  to: string[];
  subject: string | null;
  text: string | null;
  attachments?: { filename: string | null; contentType: string; size: number }[];
}

async function mailFor(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const response = await request.get("/__local/mail.json");
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: CaughtMail[] };
  return messages.filter((mail) => mail.to.includes(email));
}

const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

/** A lead of the web-design service for GrowthSite, as the contact function stores it: its id. */
async function storeLead(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/rest/v1/leads", {
    headers: { ...service, prefer: "return=representation" },
    data: { full_name: "Adébáyọ̀ Okafor", email, service: "web-design", web_package: "GrowthSite" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

// An address of its own: the client's actions count against per-address limits shared with other specs.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.71" } });

test("Sales sends a proposal from a lead; the client accepts it on a phone and pays the deposit", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `client-${stamp}@example.ng`;
  const sales = { email: `sales-${stamp}@example.com`, password: "sales-password-1", fullName: "Ngozi Sales" };
  await createMember(request, { ...sales, role: "sales" });
  const lead = await storeLead(request, email);

  // Sales: the lead's page, "New proposal", the editor prefilled from the enquiry, "Save and send".
  await gotoHydrated(page, `/admin/leads/${lead}`);
  await signIn(page, { email: sales.email, password: sales.password, redirected: true });
  await page.getByRole("link", { name: proposalsAdminCopy.lead.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: proposalsAdminCopy.editor.newHeading })).toBeVisible();
  await expect(page.getByLabel(proposalsAdminCopy.editor.titleLabel)).toHaveValue(/GrowthSite/);
  await page.getByRole("button", { name: proposalsAdminCopy.editor.send }).click();
  await expect(page.getByText(proposalsAdminCopy.editor.sent).first()).toBeVisible();

  // The client: the link from their e-mail, on a phone-sized page.
  // The link's e-mail (the lead's own acknowledgement of the enquiry may come first).
  const isLinkMail = (mail: CaughtMail) => (mail.subject ?? "").startsWith("Your proposal P-");
  await expect
    .poll(async () => (await mailFor(request, email)).some(isLinkMail), { timeout: 15_000, intervals: [250] })
    .toBe(true);
  const linkMail = (await mailFor(request, email)).find(isLinkMail);
  const link = /https?:\/\/[^\s"]+\/proposals\/view#token=[A-Za-z0-9_-]+/.exec(linkMail!.text ?? "")?.[0];
  expect(link, "the e-mail carries the proposal's link").toBeTruthy();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.72" },
  });
  await recordLayoutShifts(phone);
  const client = await phone.newPage();
  await gotoHydrated(client, new URL(link!).pathname + new URL(link!).hash);
  await expect(client.getByRole("heading", { level: 1, name: proposalCopy.heading })).toBeVisible();
  await expect(client.getByRole("heading", { name: /GrowthSite/ }).first()).toBeVisible();
  // The proposal arrived in a page a screen high at least: the footer did not move (0.16 before).
  expect(await layoutShifts(client), "the proposal's page moved as the proposal arrived").toEqual([]);
  const scrollWidth = await client.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "the page fits a 390 px phone").toBeLessThanOrEqual(390);

  await client.getByLabel(proposalCopy.accept.nameLabel).fill("Adébáyọ̀ Okafor");
  await client.getByLabel(proposalCopy.accept.agreeLabel).check();
  await client.getByRole("button", { name: proposalCopy.accept.submit }).click();
  await expect(client.getByRole("heading", { name: proposalCopy.accepted.heading })).toBeVisible();

  // The deposit, on the stand-in's checkout, and back to the receipt.
  await client.getByRole("button", { name: /Pay the deposit of ₦/ }).click();
  await expect(client).toHaveURL(/\/__local\/paystack\/checkout\//);
  await client.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(client).toHaveURL(/\/proposals\/view/);
  await expect(client.getByRole("heading", { name: proposalCopy.receipt.heading })).toBeVisible({ timeout: 15_000 });
  await phone.close();

  // The mailbox: the link, the acceptance with the proposal as a PDF, the receipt.
  await expect
    .poll(
      async () => {
        const subjects = (await mailFor(request, email)).map((mail) => mail.subject ?? "");
        return (
          subjects.some((subject) => subject.startsWith("Receipt:")) && subjects.some((s) => / accepted: /.test(s))
        );
      },
      { timeout: 15_000, intervals: [250] },
    )
    .toBe(true);
  const mails = await mailFor(request, email);
  const acceptance = mails.find((mail) => mail.attachments?.some((file) => file.contentType === "application/pdf"));
  expect(acceptance, "the acceptance arrives with its PDF").toBeTruthy();
  expect(mails.some((mail) => /receipt/i.test(mail.subject ?? ""))).toBe(true);

  // Sales: the lead is won, with what was paid.
  await gotoHydrated(page, `/admin/leads/${lead}`);
  await expect(page.getByText(/₦[\d,]+ paid of ₦[\d,]+/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: /status/i })).toHaveValue("won");
});

test("an Author opening the Proposals screen is told it is not for their role, and reads no proposal", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const author = { email: `author-${stamp}@example.com`, password: "author-password-1", fullName: "Tayo Author" };
  await createMember(request, { ...author, role: "author" });
  await signIn(page, { email: author.email, password: author.password, landsOn: /\/admin\/create-post$/ });
  const nav = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(nav.getByRole("link", { name: proposalsAdminCopy.nav })).toHaveCount(0);
  await page.goto("/admin/proposals");
  await expect(page.getByRole("heading", { level: 1, name: "This screen is not for your role" })).toBeVisible();
  await expect(page.getByText(/Only Owner, Administrator or Sales can open it/)).toBeVisible();

  const token = await passwordToken(request, author.email, author.password);
  const read = await request.get("/rest/v1/proposals?select=id", {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
  });
  expect(read.status()).toBe(200);
  expect(await read.json()).toEqual([]);
});
