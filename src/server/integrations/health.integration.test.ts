import { createServer } from "node:http";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { close, listen } from "../../../tests/support/http-server";
import { platformStandinsForSuite } from "../../../tests/support/platform-standins";
import { calendarBusy } from "../calls/google-calendar";
import { memoryTokenCache } from "../conversions/google-ads";
import { runDispatch } from "../outbox/run";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { readSettings } from "../settings";
import { createSubscribeHandler } from "../subscribe";
import { busyReadHealth } from "./health";

/**
 * The services' health as the server records it, end to end: the outbox run against the local
 * Supabase (real migrations, the service-role key over HTTP), real nodemailer to the local SMTP
 * server, a CRM webhook that refuses connections, and the Google Calendar stand-in refusing its
 * refresh token. Time moves by the clocks the recorders are given, never by waiting.
 */
const supabase = localSupabaseForSuite();
const platforms = platformStandinsForSuite({
  // Nothing listens on port 9 of this machine: the webhook's send fails and is retried.
  env: { LEADS_WEBHOOK_URL: "http://127.0.0.1:9/leads" },
});

beforeEach(() => {
  platforms.mailbox.clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);

interface Health {
  service: string;
  configured: boolean;
  last_success_at: string | null;
  last_failure_at: string | null;
  last_failure_message: string | null;
  needs_reconnect: boolean;
}

async function health(service: string): Promise<Health> {
  const [row] = await sql<Health>(
    `select service, configured, last_success_at, last_failure_at, last_failure_message, needs_reconnect
       from public.integration_health where service = $1`,
    [service],
  );
  return row!;
}

const scheduledRun = (settings = platforms.env) =>
  runDispatch(new Request(`${supabase.url}/api/cron-outbox`), { settings: () => readSettings(settings) });

async function switchCalendar(path: string, body: unknown) {
  expect(
    (await fetch(`${platforms.origin}/calendar/${path}`, { method: "POST", body: JSON.stringify(body) })).status,
  ).toBe(200);
}

describe("the outbox run", () => {
  it("records each service's success and failure, and which services the server configures", async () => {
    await sql(
      `insert into public.leads (full_name, email, service) values ('Amaka Okafor', 'amaka@example.com', 'web-design')`,
    );
    const summary = await scheduledRun();
    expect(summary).toMatchObject({ outboxes: { messages: { delivered: 2, retrying: 1 } } });

    const smtp = await health("smtp");
    expect(smtp).toMatchObject({ configured: true, last_failure_at: null, needs_reconnect: false });
    expect(smtp.last_success_at).not.toBeNull();
    const webhook = await health("crm_webhook");
    expect(webhook).toMatchObject({ configured: true, last_success_at: null });
    expect(webhook.last_failure_message).toMatch(/127\.0\.0\.1:9|connect|refused|reach/i);
    expect(await health("whatsapp")).toMatchObject({ configured: false, last_success_at: null, last_failure_at: null });
    expect(await health("google_calendar")).toMatchObject({ configured: true });
    expect(await health("meta")).toMatchObject({ configured: false });
  });
});

describe("a refresh token Google refuses", () => {
  it("marks Google Calendar as needing reconnecting and e-mails the Owner once, whatever the retries; a success clears it", async () => {
    let now = Date.now();
    const busy = calendarBusy(() => readSettings(platforms.env).googleCalendar, {
      cache: memoryTokenCache(),
      onOutcome: busyReadHealth({
        settings: () => readSettings(platforms.env),
        localOrigin: () => supabase.url,
        now: () => new Date(now),
      }),
    });
    const read = async () => {
      // Each read ten minutes after the last, so the recorder writes each one.
      now += 10 * 60_000;
      expect(await busy(new Date(now), new Date(now + 86_400_000))).toEqual([]);
      // The recorder writes in the background: wait until its row shows it.
      await vi.waitFor(async () => expect((await health("google_calendar")).last_failure_at).not.toBeNull());
    };
    await switchCalendar("refuse-token", { refuse: true });
    for (let retry = 0; retry < 3; retry++) {
      await read();
      await scheduledRun();
    }
    const marked = await health("google_calendar");
    expect(marked.needs_reconnect).toBe(true);
    expect(marked.last_failure_message).toMatch(/invalid_grant/);

    const toOwner = platforms.mailbox.messages().filter((mail) => mail.to.includes(LOCAL_DEFAULTS.adminEmail));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe("Reconnect Google Calendar: it refused the site's credentials");
    expect(toOwner[0]!.text).toContain("invalid_grant");
    expect(toOwner[0]!.text).toContain("https://ascenddigital.ng/admin/integrations");

    await switchCalendar("refuse-token", { refuse: false });
    now += 10 * 60_000;
    await busy(new Date(now), new Date(now + 86_400_000));
    await vi.waitFor(async () => expect((await health("google_calendar")).needs_reconnect).toBe(false));
  });
});

describe("the newsletter sign-up", () => {
  it("records the provider's failure (down, or refusing the site's form) and its next success", async () => {
    let answer = 500;
    const provider = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(answer, { "content-type": "application/json" }).end("{}"));
    });
    const formUrl = `${await listen(provider)}/forms/1/subscriptions`;
    try {
      const subscribe = createSubscribeHandler({
        settings: () => readSettings({ ...platforms.env, NEWSLETTER_FORM_URL: formUrl }),
        limiter: new MemoryRateLimiter(),
      });
      const signUp = (email: string) =>
        subscribe(
          new Request(`${supabase.url}/api/subscribe`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email }),
          }),
        );
      expect((await signUp("ada@example.com")).status).toBe(500);
      expect(await health("newsletter")).toMatchObject({
        last_success_at: null,
        last_failure_message: "The newsletter provider answered 500 to a sign-up.",
      });
      answer = 422; // the visitor's address refused: no failure of the service
      await signUp("not-really@example.com");
      answer = 200;
      expect((await signUp("bola@example.com")).status).toBe(200);
      const newsletter = await health("newsletter");
      expect(newsletter.last_success_at).not.toBeNull();
      expect(newsletter.last_failure_message).toBe("The newsletter provider answered 500 to a sign-up.");
    } finally {
      await close(provider);
    }
  });
});
