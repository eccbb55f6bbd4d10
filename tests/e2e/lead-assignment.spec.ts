import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./kept-page";
import { LOCAL_DEFAULTS } from "../../supabase/local/index.ts";
import { createMember, insertLead } from "./backend";
import { signIn } from "./sign-in";

// An address of its own, as every spec that talks to the lead functions has.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.76" } });

/**
 * A lead given to a person, end to end against the production build, the local backend and its
 * mailbox (`/__local/mail.json`): the admin assigns a lead to a Sales member, whose e-mail arrives
 * (sent at once by the outbox), the history names who did what, and the lead is under Mine when the
 * Sales member signs in. Names and addresses carry the run's stamp: other specs share the server.
 */

interface CaughtMail {
  to: string[];
  replyTo: string | null;
  subject: string | null;
  text: string | null;
}

async function mailTo(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const response = await request.get("/__local/mail.json");
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: CaughtMail[] };
  return messages.filter((mail) => mail.to.includes(email));
}

test("the admin assigns a lead to a Sales member: the e-mail reaches them, the history names who did what, and the lead is under Mine", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const lead = { full_name: `Bisi Assigned ${stamp}`, email: `assigned-${stamp}@example.ng` };
  const sales = {
    email: `sales-${stamp}@example.ng`,
    password: "sales-member-password",
    fullName: `Sade Sales ${stamp}`,
    role: "sales" as const,
  };
  await createMember(request, sales);
  await insertLead(request, lead);

  // The admin finds the lead and gives it to the Sales member.
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.full_name)}`);
  await signIn(page, { redirected: true });
  await page.getByRole("link", { name: lead.full_name }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.full_name })).toBeVisible();
  const assignee = page.getByLabel("Assigned to");
  await expect(assignee).toBeEnabled();
  await assignee.selectOption({ label: sales.fullName });
  await expect(page.getByText("Lead assigned", { exact: true })).toBeVisible();
  await page.getByLabel("Status").selectOption("contacted");
  await expect(page.getByText("Status updated", { exact: true })).toBeVisible();

  // The history names who did what.
  const history = page.getByRole("region", { name: "Notes and history" });
  const by = `by ${LOCAL_DEFAULTS.adminFullName}`;
  await expect(history.getByRole("listitem").filter({ hasText: `Assigned to ${sales.fullName}` })).toContainText(by);
  await expect(history.getByRole("listitem").filter({ hasText: "Status changed from New to Contacted" })).toContainText(
    by,
  );

  // The assignee's e-mail, sent at once (the page asks the outbox to run), with the lead's link.
  await expect.poll(async () => (await mailTo(request, sales.email)).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await mailTo(request, sales.email);
  expect(mail?.subject).toBe(`A lead is yours: ${lead.full_name} (General enquiry)`);
  expect(mail?.replyTo).toContain(lead.email);
  const link = mail?.text?.match(/https?:\/\/\S+\/admin\/leads\/[0-9a-f-]{36}/)?.[0];
  expect(new URL(link!).pathname).toBe(new URL(page.url()).pathname);
  await expect(
    page.getByRole("list", { name: "Messages about this lead" }).getByTestId("message-assigned"),
  ).toContainText(`By e-mail to ${sales.email}`);

  // The Sales member signs in: the lead is theirs, under Mine.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" } });
  const salesPage = await context.newPage();
  await salesPage.goto("/admin/leads");
  await signIn(salesPage, { email: sales.email, password: sales.password, redirected: true });
  await expect(salesPage.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await salesPage.getByRole("group", { name: "Whose leads" }).getByRole("button", { name: "Mine" }).click();
  await expect(salesPage).toHaveURL(/[?&]mine=1/);
  const row = salesPage.getByRole("listitem").filter({ has: salesPage.getByRole("link", { name: lead.full_name }) });
  await expect(row).toContainText(sales.fullName);
  await expect(salesPage.getByText("1 lead", { exact: true })).toBeVisible();
  await context.close();
});
