import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./backend";
import { gotoHydrated } from "./hydration";

// An address of its own: the contact function allows 10 enquiries per address in 10 minutes, and
// other specs enquire from 127.0.0.1 too.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.65" } });

/**
 * Speed to lead end to end, against the production build, the real api/contact function, the
 * outbox's dispatcher (run right after the submit, as Vercel's waitUntil does) and the preview
 * server's local mailbox (`/__local/mail`) and WhatsApp stand-in (`/__local/whatsapp`): a visitor
 * enquires; within 5 seconds the team's e-mail and the visitor's reply are in the mailbox and the
 * team's WhatsApp template message at the stand-in; the e-mail's link opens the lead, and the lead
 * says how soon it was answered once the admin adds a note. Other specs send enquiries to the same
 * server at the same time, so this one finds its mail and messages by its own address and name.
 */

interface CaughtMail {
  to: string[];
  replyTo: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
}

interface WhatsAppReceived {
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

async function mailFor(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const response = await request.get("/__local/mail.json");
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: CaughtMail[] };
  return messages.filter((mail) => mail.to.includes(email) || mail.replyTo?.includes(email));
}

async function whatsappFor(request: APIRequestContext, name: string): Promise<WhatsAppReceived[]> {
  const response = await request.get("/__local/whatsapp.json");
  expect(response.ok()).toBe(true);
  const { received } = (await response.json()) as { received: WhatsAppReceived[] };
  return received.filter((message) => message.parameters.includes(name));
}

async function enquire(page: Page, name: string, email: string) {
  // The function takes a submit faster than a person could fill the form for a bot's: the test's
  // clock moves on by the seconds a visitor would take.
  await page.clock.install();
  await gotoHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Tell us about your project" });
  await form.getByText("Web Design", { exact: true }).click();
  await page.getByRole("group", { name: "Web design details" }).getByRole("radio", { name: "GrowthSite" }).check();
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Phone number").fill("0803 555 0100");
  await form.getByLabel(/^Message/).fill("We need a site that brings <b>leads</b>.");
  await page.clock.fastForward("00:20");
  await form.getByRole("button", { name: "Send My Details" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
}

test("a visitor enquires: the team is e-mailed and told on WhatsApp, the visitor gets a reply, and the lead shows how soon it was answered", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const name = `Kemi Speed ${stamp}`;
  const email = `speed-${stamp}@example.ng`;

  await enquire(page, name, email);
  const submitted = Date.now();

  // Both e-mails within 5 seconds of the submit: the dispatcher runs right after the request.
  await expect.poll(async () => (await mailFor(request, email)).length, { timeout: 5_000, intervals: [250] }).toBe(2);
  expect(Date.now() - submitted).toBeLessThan(5_000);
  const mail = await mailFor(request, email);
  const team = mail.find((message) => message.replyTo?.includes(email));
  const reply = mail.find((message) => message.to.includes(email));
  expect(team?.to).toEqual(["team@ascenddigital.ng"]);
  expect(team?.subject).toBe(`New enquiry: Web Design — ${name}`);
  expect(team?.html).toContain("We need a site that brings &lt;b&gt;leads&lt;/b&gt;.");
  expect(reply?.replyTo ?? "").not.toContain(email);
  expect(reply?.text).toContain("GrowthSite");

  // The team's WhatsApp template message, with the name, the service and the admin link.
  await expect.poll(async () => (await whatsappFor(request, name)).length, { timeout: 5_000 }).toBe(1);
  const [whatsapp] = await whatsappFor(request, name);
  expect(whatsapp?.template).toBe("new_lead_alert");
  expect(whatsapp?.to).toMatch(/^\d{8,15}$/);
  expect(whatsapp?.parameters).toEqual([name, "Web Design", expect.stringMatching(/\/admin\/leads\/[0-9a-f-]{36}$/)]);

  // The team e-mail's link opens the lead (on this server: the link's origin is the site's).
  const link = team?.text?.match(/https?:\/\/\S+\/admin\/leads\/[0-9a-f-]{36}/)?.[0];
  expect(link).toBeDefined();
  expect(whatsapp?.parameters[2]).toBe(link);
  await page.clock.resume();
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new URL(link!).pathname);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("not answered yet")).toBeVisible();

  // The lead's messages: both e-mails and the WhatsApp message sent, said in words.
  const messages = page.getByRole("list", { name: "Messages about this lead" });
  await expect(messages.getByTestId("message-team_email")).toContainText(/Sent .*By e-mail to team@ascenddigital\.ng/);
  await expect(messages.getByTestId("message-visitor_reply")).toContainText(`By e-mail to ${email}`);
  await expect(messages.getByTestId("message-visitor_reply")).toContainText(/Sent /);
  await expect(messages.getByTestId("message-team_whatsapp")).toContainText(/Sent .*By WhatsApp/);

  // The admin adds a note: that is the first response, and the lead says how soon it came.
  const history = page.getByRole("region", { name: "Notes and history" });
  await history.getByLabel("Add a note").fill("Called: discovery call booked.");
  await history.getByRole("button", { name: "Add note" }).click();
  await expect(history.getByText("Called: discovery call booked.")).toBeVisible();
  await expect(page.getByText(/^answered in /)).toBeVisible();
  await expect(page.getByText("not answered yet")).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/^answered in (under 1 min|\d+ min)$/)).toBeVisible();
});
