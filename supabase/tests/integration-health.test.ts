import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_SERVICES } from "../../src/content/integrations.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken } from "../local/testing.ts";

/**
 * The integrations' health (20261129130000_integration_health.sql): Owner and Administrators read
 * it and the screen's status; every other role, and anon, is refused by the database; only the
 * server (the service role) writes it, and a refused token queues one e-mail to the Owner however
 * often it is recorded, until a success clears the mark.
 */
type Role = "owner" | "administrator" | "editor" | "author" | "contributor" | "sales";
const OTHERS: Role[] = ["editor", "author", "contributor", "sales"];

const supabase = localSupabaseForSuite();
const ids = {} as Record<Role, string>;
const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const member = (role: Role): SupabaseClient => createLocalClient(supabase.url, undefined, mintToken(ids[role], "aal1"));
const service = () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);

const refused = {
  service: "google_calendar",
  ok: false,
  reconnect: true,
  message: "invalid_grant: Token has been expired or revoked.",
};

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  for (const role of ["administrator", ...OTHERS] as Role[]) {
    ids[role] = await supabase.createUser({ email: `${role}-health@example.com`, password: "password-123" });
    await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [ids[role], role]);
  }
});

describe("who reads the integrations", () => {
  it("lets the Owner and Administrators read every service and its status", async () => {
    for (const role of ["owner", "administrator"] as Role[]) {
      const table = await member(role).from("integration_health").select("service");
      expect(table.error).toBeNull();
      expect(table.data).toHaveLength(INTEGRATION_SERVICES.length);
      const status = await member(role).rpc("integration_status");
      expect(status.error).toBeNull();
      // The database lists the services in the screen's order, the one the screen's copy names them in.
      expect((status.data as { service: string }[]).map((row) => row.service)).toEqual(INTEGRATION_SERVICES);
    }
  });

  it("refuses Editors, Authors, Contributors, Sales and visitors", async () => {
    for (const role of OTHERS) {
      const table = await member(role).from("integration_health").select("service");
      expect(table.data ?? []).toEqual([]);
      const notices = await member(role).from("team_notices").select("id");
      expect(notices.data ?? []).toEqual([]);
      const status = await member(role).rpc("integration_status");
      expect(status.error?.code).toBe("42501");
    }
    const anon = createLocalClient(supabase.url);
    expect((await anon.from("integration_health").select("service")).data ?? []).toEqual([]);
    expect((await anon.rpc("integration_status")).error).not.toBeNull();
  });

  it("lets no member write the health or record an outcome: only the server", async () => {
    for (const role of ["owner", "administrator", "sales"] as Role[]) {
      const update = await member(role).from("integration_health").update({ configured: true }).eq("service", "smtp");
      expect(update.error).not.toBeNull();
      const record = await member(role).rpc("record_integration_health", { outcomes: [refused] });
      expect(record.error).not.toBeNull();
    }
    const [row] = await sql<{ needs_reconnect: boolean; configured: boolean }>(
      `select needs_reconnect, configured from public.integration_health where service = 'google_calendar'`,
    );
    expect(row).toEqual({ needs_reconnect: false, configured: false });
  });
});

describe("what the server records", () => {
  it("marks a refused token once, e-mails the Owner once across retries, and clears on a success", async () => {
    const db = service();
    for (let attempt = 0; attempt < 4; attempt++) {
      const recorded = await db.rpc("record_integration_health", {
        configured_services: { google_calendar: true, smtp: true },
        outcomes: [refused],
      });
      expect(recorded.error).toBeNull();
      expect(recorded.data).toBe(attempt === 0 ? 1 : 0);
    }
    const notices = await sql<{ recipient: string; service: string; detail: string }>(
      `select recipient, service, detail from public.team_notices where kind = 'reconnect'`,
    );
    expect(notices).toEqual([
      { recipient: LOCAL_DEFAULTS.adminEmail, service: "google_calendar", detail: refused.message },
    ]);
    const [marked] = await sql<{ needs_reconnect: boolean; configured: boolean; last_failure_message: string }>(
      `select needs_reconnect, configured, last_failure_message from public.integration_health where service = 'google_calendar'`,
    );
    expect(marked).toEqual({ needs_reconnect: true, configured: true, last_failure_message: refused.message });

    await db.rpc("record_integration_health", { outcomes: [{ service: "google_calendar", ok: true }] });
    const [cleared] = await sql<{ needs_reconnect: boolean; reconnect_notified_at: string | null }>(
      `select needs_reconnect, reconnect_notified_at from public.integration_health where service = 'google_calendar'`,
    );
    expect(cleared).toEqual({ needs_reconnect: false, reconnect_notified_at: null });
  });

  it("bounds the failure's message", async () => {
    await service().rpc("record_integration_health", {
      outcomes: [{ service: "whatsapp", ok: false, message: "x".repeat(5000) }],
    });
    const [row] = await sql<{ length: number }>(
      `select char_length(last_failure_message) as length from public.integration_health where service = 'whatsapp'`,
    );
    expect(row!.length).toBe(500);
  });
});

describe("the outbox's rows on the screen", () => {
  it("counts a proposal's e-mail waiting or failed under SMTP, with its error", async () => {
    const smtp = async () =>
      (
        (await member("owner").rpc("integration_status")).data as {
          service: string;
          waiting: number;
          failed: number;
          recent_failures: { error: string }[];
        }[]
      ).find((row) => row.service === "smtp")!;
    const [lead] = await sql<{ id: string }>(
      `insert into public.leads (full_name, email, service) values ('Ola Proposal', 'ola-health@example.ng', 'crm') returning id`,
    );
    const [proposal] = await sql<{ id: string }>(
      `insert into public.proposals (lead_id, title, currency) values ($1, 'CustomerFlow', 'USD') returning id`,
      [lead!.id],
    );
    // Counted after the lead, whose own messages (the team's, the visitor's reply) wait over SMTP too.
    const before = await smtp();
    await sql(
      `insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, status, attempts, last_error)
       values ($1, 'link', 'client', '1', 1, 'ola-health@example.ng', 'waiting', 0, null),
              ($1, 'receipt', 'client', 'ref-health', 1, 'ola-health@example.ng', 'failed', 5, 'SMTP 550: mailbox unavailable')`,
      [proposal!.id],
    );
    const after = await smtp();
    expect(Number(after.waiting) - Number(before.waiting)).toBe(1);
    expect(Number(after.failed) - Number(before.failed)).toBe(1);
    expect(after.recent_failures.map((failure) => failure.error)).toContain("SMTP 550: mailbox unavailable");
  });
});
