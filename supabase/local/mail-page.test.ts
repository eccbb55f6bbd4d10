import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import nodemailer from "nodemailer";
import type { Connect, Logger } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  teamLeadMail,
  visitorReplyMail,
  type LeadMessageData,
  type MessageLinks,
} from "../../src/server/messages/templates";
import { LOCAL_MAIL_DEFAULTS, mountLocalMessages } from "./local-messages";
import { localOrigin } from "./node-http";

/**
 * The dev server's local messages, mounted as functions-plugin.ts mounts them: a real nodemailer
 * sends the lead e-mails over SMTP to the local mailbox, and /__local/mail shows them.
 */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
const SETTINGS = [
  "SMTP_URL",
  "SMTP_HOST",
  "MAIL_FROM",
  "LEADS_NOTIFY_EMAILS",
  "WHATSAPP_GRAPH_URL",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_TOKEN",
  "WHATSAPP_TEMPLATE",
  "WHATSAPP_TEMPLATE_LANGUAGE",
  "WHATSAPP_NOTIFY_TO",
];
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
const logged: string[] = [];
let server: Server;
let origin: string;

const lead: LeadMessageData = {
  id: "4f6c2b1e-0000-4000-8000-000000000001",
  name: 'Ada <script>alert(1)</script> "><img src=x onerror=alert(1)>',
  email: "ada@example.com",
  phone: null,
  company: "Obi Foods",
  serviceLabel: "Web Design & Development",
  packageLabel: "Growth",
  answers: [{ label: "Budget", value: "₦500k – ₦1m" }],
  message: null,
  campaign: { source: "facebook", medium: "cpc", campaign: "spring", clickId: true },
  createdAt: "2025-05-01T10:00:00Z",
};
const links: MessageLinks = {
  adminLeadUrl: `http://127.0.0.1/admin/leads/${lead.id}`,
  intakeFormUrl: "https://forms.example.com/intake",
  whatsappUrl: "https://wa.me/2348012345678",
  siteUrl: "https://ascenddigital.ng",
  bookCallUrl: "https://ascenddigital.ng/book",
};

beforeAll(async () => {
  for (const name of SETTINGS) delete process.env[name];
  const middlewares: Middleware[] = [];
  server = createServer((req, res) => {
    const run = (index: number) =>
      middlewares[index] ? middlewares[index](req, res, () => run(index + 1)) : res.writeHead(404).end();
    run(0);
  });
  const logger = {
    info: (line: string) => logged.push(line),
    error: (line: string) => logged.push(line),
  } as unknown as Logger;
  mountLocalMessages({ use: (fn: Middleware) => middlewares.push(fn) } as unknown as Connect.Server, server, logger);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = localOrigin(server)!;
  await vi.waitFor(() => expect(logged).toHaveLength(2), { timeout: 5000 });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("the local mailbox on the dev server", () => {
  it("points the mail settings at a mailbox on 127.0.0.1 and the WhatsApp settings at the stand-in, and says so", () => {
    expect(process.env.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(process.env.MAIL_FROM).toBe(LOCAL_MAIL_DEFAULTS.MAIL_FROM);
    expect(process.env.LEADS_NOTIFY_EMAILS).toBe(LOCAL_MAIL_DEFAULTS.LEADS_NOTIFY_EMAILS);
    expect(process.env.WHATSAPP_GRAPH_URL).toBe(`${origin}/__local/whatsapp/v23.0`);
    expect(process.env).toMatchObject({
      WHATSAPP_TEMPLATE: "new_lead_alert",
      WHATSAPP_TEMPLATE_LANGUAGE: "en",
      WHATSAPP_TOKEN: expect.any(String),
      WHATSAPP_PHONE_NUMBER_ID: expect.any(String),
    });
    expect(logged.join("\n")).toContain(`${origin}/__local/mail`);
    expect(logged.join("\n")).toContain(`${origin}/__local/whatsapp`);
  });

  it("catches the team e-mail and the reply sent with real nodemailer, and lists and shows them", async () => {
    await fetch(`${origin}/__local/mail/clear`, { method: "POST", redirect: "manual" });
    const transport = nodemailer.createTransport(process.env.SMTP_URL!);
    const team = await teamLeadMail(lead, links);
    const reply = await visitorReplyMail(lead, links);
    const listId = "Ascend Digital leads <leads.ascenddigital.ng>";
    await transport.sendMail({
      from: process.env.MAIL_FROM,
      to: process.env.LEADS_NOTIFY_EMAILS,
      replyTo: { name: lead.name, address: lead.email },
      messageId: `<lead-${lead.id}.team@ascenddigital.ng>`,
      headers: { "List-Id": listId },
      ...team,
    });
    await transport.sendMail({
      from: process.env.MAIL_FROM,
      to: lead.email,
      messageId: `<lead-${lead.id}.reply@ascenddigital.ng>`,
      headers: { "List-Id": listId },
      ...reply,
    });

    const { messages } = (await (await fetch(`${origin}/__local/mail.json`)).json()) as {
      messages: {
        id: string;
        subject: string;
        to: string[];
        replyTo: string | null;
        listId: string | null;
        messageId: string;
        text: string;
        html: string;
      }[];
    };
    expect(messages.map((mail) => mail.subject)).toEqual([reply.subject, team.subject]);
    const [caughtReply, caughtTeam] = messages;
    expect(caughtTeam).toMatchObject({
      to: ["team@ascenddigital.ng"],
      listId,
      messageId: `<lead-${lead.id}.team@ascenddigital.ng>`,
    });
    expect(caughtTeam!.replyTo).toContain("<ada@example.com>");
    expect(caughtTeam!.text).toContain(links.adminLeadUrl);
    expect(caughtTeam!.html).toContain(`href="${links.adminLeadUrl}"`);
    expect(caughtTeam!.html).not.toContain("<script>alert");
    expect(caughtReply).toMatchObject({
      to: ["ada@example.com"],
      replyTo: null,
      messageId: `<lead-${lead.id}.reply@ascenddigital.ng>`,
    });
    expect(caughtReply!.text).toContain(links.intakeFormUrl);

    const page = await fetch(`${origin}/__local/mail`);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain("team@ascenddigital.ng");
    expect(html).toContain("New enquiry: Web Design &amp; Development — Ada &lt;script&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(
      `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="/__local/mail/${caughtReply!.id}.html"`,
    );

    const part = await fetch(`${origin}/__local/mail/${caughtTeam!.id}.html`);
    expect(part.headers.get("content-security-policy")).toMatch(/^sandbox .*default-src 'none'/);
    expect(part.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await part.text()).toBe(caughtTeam!.html);
    const shown = await (await fetch(`${origin}/__local/mail?id=${caughtTeam!.id}`)).text();
    expect(shown).toContain(`aria-current="true"`);
    expect(shown).toContain(`<a href="${links.adminLeadUrl}"`);
  });

  it("empties on request, and answers 404 for a message it does not have", async () => {
    const cleared = await fetch(`${origin}/__local/mail/clear`, { method: "POST", redirect: "manual" });
    expect(cleared.status).toBe(303);
    expect(((await (await fetch(`${origin}/__local/mail.json`)).json()) as { messages: unknown[] }).messages).toEqual(
      [],
    );
    expect((await fetch(`${origin}/__local/mail/00000000-0000-4000-8000-000000000000.html`)).status).toBe(404);
    expect(await (await fetch(`${origin}/__local/mail`)).text()).toContain("No mail yet.");
  });
});
