import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createContactHandler } from "../contact";
import { readSettings } from "../settings";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { adPlatformsForSuite } from "../../../tests/support/platform-standins";
import { createCronHandler, createDispatchHandler } from "../outbox/handlers";
import type { OutboxRuntime } from "../outbox/run";
import { sha256Hex } from "./identifiers";

/**
 * The conversions end to end: the contact function stores a lead with the visitor's consent, the
 * database queues its events, the dispatcher sends them to the Meta and Google Ads stand-ins (real
 * HTTP servers on 127.0.0.1 that check what the platforms check) and records each outcome; the
 * admin's status change and the cron job do the rest. Postgres enforces the real migrations and RLS.
 */
const supabase = localSupabaseForSuite();
const platforms = adPlatformsForSuite();
const { meta, google } = platforms;
let env: Record<string, string>;
let adminToken: string;
let pending: Promise<unknown>[] = [];
let ip = 0;

const runtime = (): OutboxRuntime => ({
  settings: () => readSettings(env),
  localServiceRoleKey: () => LOCAL_DEFAULTS.serviceRoleKey,
});

beforeAll(async () => {
  env = {
    ...platforms.env,
    META_TEST_EVENT_CODE: "TEST123",
    // As Google's UI writes it: the settings keep the digits.
    GOOGLE_ADS_CUSTOMER_ID: "123-456-7890",
    CRON_SECRET: "cron-secret-for-tests",
    VITE_SITE_URL: "https://ascenddigital.ng",
  };
  adminToken = (await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword)).token;
});

beforeEach(() => {
  pending = [];
  meta.down = false;
  google.down = false;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const consentCookie = (userData: boolean, personalization: boolean) =>
  `ad_consent=v1.${userData ? 1 : 0}.${personalization ? 1 : 0}.${Math.floor(Date.now() / 1000) - 60}`;
const FBP = "fb.1.1763800000000.1234567890";
/** A paid-ads enquiry on both platforms, with the package that gives its conversions a value. */
const PAID_ADS_ANSWERS = {
  service: "paid-ads",
  adPlatform: "both",
  adPackage: "AdGrowth",
  hasRunAds: "yes",
  roas: "2-5x",
};

async function submit(email: string, cookie: string | null, overrides: Record<string, unknown> = {}): Promise<string> {
  ip += 1;
  const response = await createContactHandler({
    settings: () => readSettings(env),
    waitUntil: (work) => pending.push(work),
    conversions: runtime(),
  })(
    new Request(`${supabase.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `203.0.113.${ip}`,
        "user-agent": "Mozilla/5.0 (Linux; Android 14) Test",
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({
        ...PAID_ADS_ANSWERS,
        fullName: "Amaka Okafor",
        email,
        phone: "0809 000 0000",
        elapsedMs: 12_000,
        attribution: {
          first: {
            utm_source: "facebook",
            utm_medium: "paid",
            utm_campaign: "launch",
            fbclid: "IwAR-click.1",
            landing_page: "/?fbclid=IwAR-click.1",
            at: new Date(Date.now() - 3_600_000).toISOString(),
          },
          latest: {
            utm_source: "google",
            utm_medium: "cpc",
            gclid: "Cj0KCQ-gclid",
            landing_page: "/services?gclid=Cj0KCQ-gclid",
            at: new Date(Date.now() - 600_000).toISOString(),
          },
        },
        ...overrides,
      }),
    }),
  );
  expect(response.status).toBe(200);
  await Promise.all(pending);
  pending = [];
  const { rows } = await supabase.db.query<{ id: string }>(`select id from public.leads where email = $1`, [email]);
  return rows[0]!.id;
}

async function outbox(leadId: string) {
  return (
    await supabase.db.query<{
      platform: string;
      event: string;
      status: string;
      skip_reason: string | null;
      attempts: number;
      last_error: string | null;
      response: unknown;
      value: string | null;
      currency: string | null;
    }>(
      `select platform, event, status, skip_reason, attempts, last_error, response, value::text, currency from public.conversion_events where lead_id = $1 order by event, platform`,
      [leadId],
    )
  ).rows;
}

const metaFor = (leadId: string) => meta.deliveries().filter((item) => String(item.event.event_id).startsWith(leadId));
const googleFor = (leadId: string) => google.deliveries().filter((item) => item.conversion.orderId === leadId);

const { as } = supabase;

describe("a visitor who accepted, from a Facebook ad and a Google ad", () => {
  it("gives one correct Lead event on each platform, and Qualified gives the second ones: four deliveries in all", async () => {
    const email = "Ada.Buyer@Example.com";
    const leadId = await submit(email, `${consentCookie(true, false)}; _fbp=${FBP}`);

    const [metaEvent] = metaFor(leadId);
    expect(metaFor(leadId)).toHaveLength(1);
    expect(metaEvent!.testEventCode).toBe("TEST123");
    expect(metaEvent!.event).toMatchObject({
      event_name: "Lead",
      event_id: leadId,
      action_source: "website",
      event_source_url: "https://ascenddigital.ng/services?gclid=Cj0KCQ-gclid",
      user_data: {
        em: [sha256Hex("ada.buyer@example.com")],
        ph: [sha256Hex("2348090000000")],
        fbp: FBP,
        client_ip_address: `203.0.113.${ip}`,
        client_user_agent: "Mozilla/5.0 (Linux; Android 14) Test",
      },
    });
    expect((metaEvent!.event.user_data as { fbc: string }).fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-click\.1$/);

    expect(googleFor(leadId)).toHaveLength(1);
    expect(googleFor(leadId)[0]!.conversion).toEqual({
      conversionAction: google.credentials.leadAction,
      conversionDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
      orderId: leadId,
      consent: { adUserData: "GRANTED", adPersonalization: "DENIED" },
      gclid: "Cj0KCQ-gclid",
    });
    expect(googleFor(leadId)[0]!.loginCustomerId).toBe(google.credentials.loginCustomerId);
    expect(await outbox(leadId)).toEqual([
      expect.objectContaining({
        platform: "google",
        event: "lead",
        status: "delivered",
        attempts: 1,
        response: expect.objectContaining({ results: expect.any(Array) }),
      }),
      expect.objectContaining({
        platform: "meta",
        event: "lead",
        status: "delivered",
        attempts: 1,
        response: expect.objectContaining({ events_received: 1 }),
      }),
    ]);

    // The admin marks the lead qualified, then asks for its events to go out.
    const update = await as(adminToken).from("leads").update({ status: "qualified" }).eq("id", leadId);
    expect(update.error).toBeNull();
    const dispatch = await createDispatchHandler(runtime())(
      new Request(`${supabase.url}/api/conversions-dispatch`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ leadId }),
      }),
    );
    expect(dispatch.status).toBe(200);
    expect(await dispatch.json()).toMatchObject({ outboxes: { conversions: { claimed: 2, delivered: 2 } } });

    expect(metaFor(leadId)[1]!.event).toMatchObject({
      event_name: "Qualified",
      event_id: `${leadId}.qualified`,
      action_source: "system_generated",
      custom_data: { event_source: "crm", value: 250000, currency: "NGN" },
    });
    expect(googleFor(leadId)[1]!.conversion).toMatchObject({
      conversionAction: google.credentials.qualifiedAction,
      orderId: leadId,
      conversionValue: 250000,
      currencyCode: "NGN",
    });
    expect(metaFor(leadId).length + googleFor(leadId).length).toBe(4);

    // Won after qualified sends nothing more; the token was fetched once and reused.
    await as(adminToken).from("leads").update({ status: "won" }).eq("id", leadId);
    const cron = await createCronHandler(runtime())(
      new Request(`${supabase.url}/api/cron-conversions`, {
        headers: { authorization: "Bearer cron-secret-for-tests" },
      }),
    );
    expect(cron.status).toBe(200);
    expect(metaFor(leadId).length + googleFor(leadId).length).toBe(4);
    expect((await outbox(leadId)).filter((row) => row.event === "qualified")).toEqual([
      expect.objectContaining({ platform: "google", status: "delivered", value: "250000.00", currency: "NGN" }),
      expect.objectContaining({ platform: "meta", status: "delivered", value: "250000.00", currency: "NGN" }),
    ]);
  });

  it("without an fbclid or gclid still sends, hashed: Google as an enhanced conversion for leads", async () => {
    const leadId = await submit("nogclid@gmail.com", consentCookie(true, true), { attribution: {} });
    const conversion = googleFor(leadId)[0]!.conversion;
    expect(conversion.gclid).toBeUndefined();
    expect(conversion.userIdentifiers).toEqual([
      { hashedEmail: sha256Hex("nogclid@gmail.com") },
      { hashedPhoneNumber: sha256Hex("+2348090000000") },
    ]);
    expect(conversion.consent).toEqual({ adUserData: "GRANTED", adPersonalization: "GRANTED" });
  });
});

/**
 * A proposal of `total` minor units for the lead, sent by the admin and accepted by the client, then
 * its deposit (half) paid as Paystack's webhook reports it: the payment's id.
 */
async function payDeposit(leadId: string, total: number, currency: "NGN" | "USD"): Promise<string> {
  const query = <T>(text: string, params: unknown[]) => supabase.db.query<T>(text, params).then(({ rows }) => rows);
  const [proposal] = await query<{ id: string }>(
    `insert into public.proposals (lead_id, title, currency) values ($1, 'Growth retainer', $2) returning id`,
    [leadId, currency],
  );
  const id = proposal!.id;
  await query(
    `insert into public.proposal_lines (proposal_id, position, kind, description, unit_price_minor) values ($1, 0, 'package', 'AdGrowth', $2)`,
    [id, total],
  );
  await query(
    `insert into public.proposal_installments (proposal_id, position, label, due, share_bp, amount_minor)
     values ($1, 0, 'Deposit', 'acceptance', 5000, $2), ($1, 1, 'Balance', 'completion', 5000, $2)`,
    [id, total / 2],
  );
  const tokenHash = sha256Hex(`token-${id}`);
  expect((await as(adminToken).rpc("send_proposal", { proposal: id, token_hash: tokenHash })).error).toBeNull();
  await query(`select public.accept_proposal($1, 'Amaka Okafor', '203.0.113.7', 'ua', $2)`, [
    tokenHash,
    sha256Hex("shown"),
  ]);
  const reference = `ref-${id.slice(0, 8)}-deposit`;
  await query(`select public.record_payment_request($1, $2, 'deposit', $3, $4, 0::smallint)`, [
    reference,
    id,
    total / 2,
    currency,
  ]);
  const [paid] = await query<{ answer: string }>(
    `select public.record_payment($1, $2, $3, 'card', now(), 'webhook') as answer`,
    [reference, total / 2, currency],
  );
  expect(paid!.answer).toBe("recorded");
  const [payment] = await query<{ id: string }>(`select id from public.payments where reference = $1`, [reference]);
  return payment!.id;
}

describe("a client who pays", () => {
  it("gives Meta a Purchase and Google the purchase action per payment, with the amount paid and its currency", async () => {
    const leadId = await submit("payer@example.com", `${consentCookie(true, false)}; _fbp=${FBP}`);
    const naira = await payDeposit(leadId, 48_000_000, "NGN");
    const dollars = await payDeposit(leadId, 250_050, "USD");
    const dispatch = await createDispatchHandler(runtime())(
      new Request(`${supabase.url}/api/conversions-dispatch`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ leadId }),
      }),
    );
    // The first payment made the lead won: its Qualified pair, then a Purchase pair per payment.
    expect(await dispatch.json()).toMatchObject({ outboxes: { conversions: { claimed: 6, delivered: 6 } } });

    const purchases = metaFor(leadId).filter((item) => item.event.event_name === "Purchase");
    expect(purchases.map((item) => item.event)).toEqual([
      expect.objectContaining({
        event_id: `${leadId}.purchase.${naira}`,
        action_source: "website",
        event_source_url: "https://ascenddigital.ng/proposals/view",
        user_data: expect.objectContaining({
          em: [sha256Hex("payer@example.com")],
          client_user_agent: "Mozilla/5.0 (Linux; Android 14) Test",
        }),
        custom_data: { value: 240000, currency: "NGN" },
      }),
      expect.objectContaining({
        event_id: `${leadId}.purchase.${dollars}`,
        custom_data: { value: 1250.25, currency: "USD" },
      }),
    ]);
    const uploads = google.deliveries().filter((item) => [naira, dollars].includes(String(item.conversion.orderId)));
    expect(uploads.map((item) => item.conversion)).toEqual([
      expect.objectContaining({
        conversionAction: google.credentials.purchaseAction,
        orderId: naira,
        gclid: "Cj0KCQ-gclid",
        conversionValue: 240000,
        currencyCode: "NGN",
      }),
      expect.objectContaining({ orderId: dollars, conversionValue: 1250.25, currencyCode: "USD" }),
    ]);
    expect(
      (await outbox(leadId))
        .filter((row) => row.event === "purchase")
        .map((row) => `${row.platform} ${row.status} ${row.value} ${row.currency}`)
        .sort(),
    ).toEqual([
      "google delivered 1250.25 USD",
      "google delivered 240000.00 NGN",
      "meta delivered 1250.25 USD",
      "meta delivered 240000.00 NGN",
    ]);
  });
});

describe("a visitor who rejected, or never chose", () => {
  it("sends nothing, stores no browser data, and the lead says why", async () => {
    const rejected = await submit("rejecter@example.com", `${consentCookie(false, false)}; _fbp=${FBP}`);
    const silent = await submit("nochoice@example.com", null);
    for (const leadId of [rejected, silent]) {
      expect(metaFor(leadId).length + googleFor(leadId).length).toBe(0);
      expect(await outbox(leadId)).toEqual([
        expect.objectContaining({ platform: "google", status: "skipped", skip_reason: "no_consent", attempts: 0 }),
        expect.objectContaining({ platform: "meta", status: "skipped", skip_reason: "no_consent", attempts: 0 }),
      ]);
    }
    const { rows } = await supabase.db.query(
      `select ad_user_data, consent_given_at is not null as chose, fbp, client_ip, client_user_agent from public.leads where id = $1`,
      [rejected],
    );
    expect(rows[0]).toEqual({ ad_user_data: false, chose: true, fbp: null, client_ip: null, client_user_agent: null });

    // Qualifying a rejecter queues nothing to send either.
    await as(adminToken).from("leads").update({ status: "qualified" }).eq("id", rejected);
    expect((await outbox(rejected)).filter((row) => row.event === "qualified").map((row) => row.skip_reason)).toEqual([
      "no_consent",
      "no_consent",
    ]);
  });
});

describe("a platform that is down", () => {
  it("keeps the row waiting, and a later cron run delivers it exactly once", async () => {
    meta.down = true;
    const leadId = await submit("outage@example.com", consentCookie(true, false));
    expect(metaFor(leadId)).toHaveLength(0);
    const [, metaRow] = await outbox(leadId);
    expect(metaRow).toMatchObject({
      platform: "meta",
      status: "waiting",
      attempts: 1,
      last_error: expect.stringContaining("Meta answered 503: Service temporarily unavailable"),
    });
    expect(googleFor(leadId)).toHaveLength(1);

    meta.down = false;
    const cron = createCronHandler(runtime());
    const call = () =>
      cron(
        new Request(`${supabase.url}/api/cron-conversions`, {
          headers: { authorization: "Bearer cron-secret-for-tests" },
        }),
      );
    // Not yet due: the backoff holds it.
    expect(await (await call()).json()).toMatchObject({ outboxes: { conversions: { claimed: 0 } } });
    await supabase.db.query(
      `update public.conversion_events set next_attempt_at = now() - interval '1 second' where lead_id = $1 and status = 'waiting'`,
      [leadId],
    );
    expect(await (await call()).json()).toMatchObject({ outboxes: { conversions: { claimed: 1, delivered: 1 } } });
    expect(await (await call()).json()).toMatchObject({ outboxes: { conversions: { claimed: 0 } } });
    expect(metaFor(leadId)).toHaveLength(1);
    expect((await outbox(leadId))[1]).toMatchObject({ status: "delivered", attempts: 2, last_error: null });
  });

  it("after a refusal the row is failed with the platform's error, and the admin's retry sends it", async () => {
    const leadId = await submit("refused@example.com", consentCookie(true, false));
    const wrongToken = { ...env, META_CAPI_TOKEN: "expired-token" };
    await as(adminToken).from("leads").update({ status: "qualified" }).eq("id", leadId);
    const dispatch = createDispatchHandler({ ...runtime(), settings: () => readSettings(wrongToken) });
    const send = () =>
      dispatch(
        new Request(`${supabase.url}/api/conversions-dispatch`, {
          method: "POST",
          headers: { authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ leadId }),
        }),
      );
    expect(await (await send()).json()).toMatchObject({ outboxes: { conversions: { failed: 1, delivered: 1 } } });
    const row = (await outbox(leadId)).find((item) => item.platform === "meta" && item.event === "qualified")!;
    expect(row).toMatchObject({ status: "failed", last_error: expect.stringContaining("Invalid OAuth access token") });

    const { data: eventId } = await as(adminToken)
      .from("conversion_events")
      .select("id")
      .eq("lead_id", leadId)
      .eq("status", "failed")
      .single();
    const retried = await as(adminToken).rpc("retry_conversion_event", { event_id: eventId!.id });
    expect(retried.data).toBe(true);
    const fixed = createDispatchHandler(runtime());
    expect(
      await (
        await fixed(
          new Request(`${supabase.url}/api/conversions-dispatch`, {
            method: "POST",
            headers: { authorization: `Bearer ${adminToken}` },
            body: JSON.stringify({ leadId }),
          }),
        )
      ).json(),
    ).toMatchObject({ outboxes: { conversions: { delivered: 1 } } });
    expect(metaFor(leadId).map((item) => item.event.event_name)).toEqual(["Lead", "Qualified"]);
  });
});

describe("what the contact function keeps of the request", () => {
  it("drops a forged client address instead of failing the submit", async () => {
    ip = 1000; // the next submit sends x-forwarded-for 203.0.113.1001, not an address
    const leadId = await submit("forged-ip@example.com", consentCookie(true, false));
    const { rows } = await supabase.db.query(`select client_ip, client_user_agent from public.leads where id = $1`, [
      leadId,
    ]);
    expect(rows[0]).toEqual({ client_ip: null, client_user_agent: "Mozilla/5.0 (Linux; Android 14) Test" });
    expect(metaFor(leadId)[0]!.event.user_data).not.toHaveProperty("client_ip_address");
  });
});

describe("with no platform configured", () => {
  it("sends nothing and the rows say 'not configured'", async () => {
    const settingsBefore = env;
    env = { VITE_SITE_URL: "https://ascenddigital.ng" };
    try {
      const leadId = await submit("unconfigured@example.com", consentCookie(true, true));
      expect((await outbox(leadId)).map((row) => [row.status, row.skip_reason])).toEqual([
        ["skipped", "not_configured"],
        ["skipped", "not_configured"],
      ]);
    } finally {
      env = settingsBefore;
    }
  });
});

describe("who may touch the outbox", () => {
  it("anon and non-admins read nothing and write nothing; only the service role claims rows", async () => {
    const leadId = await submit("rls@example.com", consentCookie(true, false));
    const anon = as(LOCAL_DEFAULTS.anonKey);
    const read = await anon.from("conversion_events").select("id").eq("lead_id", leadId);
    expect(read.data ?? []).toHaveLength(0);
    expect(
      (
        await anon
          .from("conversion_events")
          .insert({ lead_id: leadId, platform: "meta", event: "lead", event_time: new Date().toISOString() })
      ).error,
    ).not.toBeNull();
    expect((await anon.rpc("claim_conversion_events", {})).error?.code).toBe("42501");
    expect((await as(adminToken).rpc("claim_conversion_events", {})).error?.code).toBe("42501");
    expect((await anon.rpc("retry_conversion_event", { event_id: 1 })).error).not.toBeNull();
    expect(
      (await as(adminToken).from("conversion_events").update({ status: "delivered" }).eq("lead_id", leadId)).error,
    ).not.toBeNull();
    expect((await as(adminToken).from("conversion_events").select("platform").eq("lead_id", leadId)).data).toHaveLength(
      2,
    );

    const dispatch = createDispatchHandler(runtime());
    const ask = (authorization?: string) =>
      dispatch(
        new Request(`${supabase.url}/api/conversions-dispatch`, {
          method: "POST",
          headers: authorization ? { authorization } : {},
          body: JSON.stringify({ leadId }),
        }),
      );
    expect((await ask()).status).toBe(401);
    // The anon key is no signed-in user (PostgREST's 401); a signed-in non-admin sees no rows (403).
    expect((await ask(`Bearer ${LOCAL_DEFAULTS.anonKey}`)).status).toBe(401);
    await supabase.createUser({ email: "member@example.com", password: "member-password" });
    const memberToken = (await supabase.signIn("member@example.com", "member-password")).token;
    expect((await as(memberToken).from("conversion_events").select("id").eq("lead_id", leadId)).data).toEqual([]);
    expect((await as(memberToken).rpc("retry_conversion_event", { event_id: 1 })).data).toBe(false);
    expect(
      (
        await as(memberToken).rpc("campaign_report", {
          from_time: "2000-01-01T00:00:00Z",
          to_time: "2100-01-01T00:00:00Z",
        })
      ).data,
    ).toEqual([]);
    expect((await ask(`Bearer ${memberToken}`)).status).toBe(403);
    const cron = createCronHandler(runtime());
    expect(
      (await cron(new Request(`${supabase.url}/api/cron-conversions`, { headers: { authorization: "Bearer wrong" } })))
        .status,
    ).toBe(401);
  });

  it("erasing a lead erases its events", async () => {
    const leadId = await submit("erase@example.com", consentCookie(true, false));
    await supabase.db.query(`delete from public.leads where id = $1`, [leadId]);
    expect(await outbox(leadId)).toEqual([]);
  });
});
