/**
 * The Integrations screen against the real local Supabase (supabase/local) signed in as the local
 * admin, the team's Owner: every outside service, what the server recorded of it (written here as
 * the server writes it, through record_integration_health with the service-role key), Google
 * Calendar "needs reconnecting", and the outbox rows waiting or failed per service. A member of
 * another role is refused by the database (supabase/tests/integration-health.test.ts) and told so by
 * the route guard.
 */
import { screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../../../../supabase/local/index";
import { createLocalClient } from "../../../../supabase/local/testing";
import { allowForServerAnswers, renderAdmin, startLocalAdmin, type LocalAdmin } from "../testing";

allowForServerAnswers();

let admin: LocalAdmin;

beforeAll(async () => {
  admin = await startLocalAdmin();
  const db = admin.server.local.db;
  const service = createLocalClient(admin.server.url, LOCAL_DEFAULTS.serviceRoleKey);
  const recorded = await service.rpc("record_integration_health", {
    configured_services: { smtp: true, google_calendar: true, whatsapp: false, crm_webhook: true },
    outcomes: [
      { service: "smtp", ok: true, at: "2026-11-28T09:00:00Z" },
      {
        service: "google_calendar",
        ok: false,
        reconnect: true,
        at: "2026-11-28T10:00:00Z",
        message: "Google's OAuth server refused the refresh token (invalid_grant: Token has been expired or revoked.).",
      },
      { service: "crm_webhook", ok: false, at: "2026-11-28T11:00:00Z", message: "The CRM answered 500." },
    ],
  });
  if (recorded.error) throw recorded.error;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Amaka Okafor', 'amaka@example.com', 'web-design') returning id`,
  );
  // The lead's rows as a run left them: the webhook failed for good, the e-mails still waiting.
  await db.query(
    `update public.lead_messages set status = 'failed', last_error = 'The CRM answered 500.' where lead_id = $1 and kind = 'webhook'`,
    [rows[0]!.id],
  );
}, 120_000);

afterAll(async () => {
  await admin?.server.close();
});

const card = (name: string) => screen.getByRole("listitem", { name });

describe("the Integrations screen", () => {
  it("lists every outside service with what the server recorded of it", async () => {
    await renderAdmin("/admin/integrations", admin);
    expect(await screen.findByRole("heading", { level: 1, name: "Integrations" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Integrations" });
    expect(
      within(list)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "E-mail (SMTP)",
      "WhatsApp",
      "Meta Conversions API",
      "Google Ads",
      "Google Calendar",
      "Newsletter provider",
      "CRM webhook",
    ]);
    expect(within(card("E-mail (SMTP)")).getByText("Working")).toBeInTheDocument();
    expect(within(card("WhatsApp")).getAllByText("Not configured")).not.toHaveLength(0);
    expect(within(card("Meta Conversions API")).getByText("Not known yet: the outbox has not run")).toBeInTheDocument();
  });

  it("shows Google Calendar's refused token as needing reconnecting, with what to do and the Owner told", async () => {
    await renderAdmin("/admin/integrations", admin);
    await screen.findByRole("list", { name: "Integrations" });
    const calendar = card("Google Calendar");
    expect(within(calendar).getByText("Needs reconnecting")).toBeInTheDocument();
    expect(within(calendar).getByText(/invalid_grant: Token has been expired or revoked/)).toBeInTheDocument();
    const note = within(calendar).getByRole("note");
    expect(note).toHaveTextContent(/GOOGLE_CALENDAR_REFRESH_TOKEN/);
    expect(note).toHaveTextContent(/In production/);
    expect(note).toHaveTextContent(/The Owner was e-mailed on/);
  });

  it("counts the outbox rows waiting and failed per service, with the latest failed rows' errors", async () => {
    await renderAdmin("/admin/integrations", admin);
    await screen.findByRole("list", { name: "Integrations" });
    const webhook = card("CRM webhook");
    expect(within(webhook).getByText("Failing")).toBeInTheDocument();
    expect(within(webhook).getByText("0 waiting, 1 failed")).toBeInTheDocument();
    expect(within(webhook).getByRole("heading", { name: "Latest failed sends" })).toBeInTheDocument();
    // The lead's team e-mail and reply wait for the SMTP run; the reconnect notice to the Owner too.
    expect(within(card("E-mail (SMTP)")).getByText("3 waiting, 0 failed")).toBeInTheDocument();
  });

  it("is not offered to an Editor: the route tells them which roles may open it", async () => {
    await renderAdmin("/admin/integrations", { ...admin, role: "editor" });
    expect(await screen.findByRole("heading", { name: "This screen is not for your role" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Integrations" })).not.toBeInTheDocument();
  });
});
