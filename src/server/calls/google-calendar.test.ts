import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createGoogleCalendarStandin,
  googleCalendarStandinSettings,
  type GoogleCalendarStandin,
} from "../../../supabase/local/google-calendar-standin";
import { webMiddleware } from "../../../supabase/local/node-http";
import { close, listen } from "../../../tests/support/http-server";
import { memoryTokenCache } from "../conversions/google-ads";
import {
  googleCalendarSettings,
  calendarBusy,
  calendarEventId,
  syncCalendarEvent,
  type CalendarCall,
} from "./google-calendar";

/**
 * How the calls meet Google Calendar's refusals, against the stand-in over HTTP (Google's shapes:
 * `error.errors[].reason`, `invalid_grant`, a Meet request answered "pending"): a 403 is retried for
 * the rate limits only, a refused refresh token asks for reconnecting, and a pending Meet link is
 * read again before the row is finished.
 */
let server: Server;
let calendar: GoogleCalendarStandin;
let settings: NonNullable<ReturnType<typeof googleCalendarSettings>>;
let origin: string;

/** A switch of the stand-in, as a test or a person flips it over HTTP. */
async function control(path: string, body: unknown) {
  const response = await fetch(`${origin}/calendar/${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  calendar = createGoogleCalendarStandin("/calendar");
  const middleware = webMiddleware(["/calendar"], calendar.handler);
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()));
  origin = await listen(server);
  settings = googleCalendarSettings(googleCalendarStandinSettings(origin, calendar))!;
});

afterAll(async () => {
  if (server) await close(server);
});

beforeEach(() => {
  calendar.refuseToken = false;
  calendar.forbid = null;
  calendar.pendingReads = 0;
  calendar.calls.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

function booking(): CalendarCall {
  const start = new Date(Date.now() + 3 * 86_400_000);
  return {
    id: randomUUID(),
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    status: "confirmed",
    full_name: "Bola Adeyemi",
    email: "bola@example.com",
    phone: null,
  };
}

const sync = (call: CalendarCall, place: "google_meet" | "phone" = "phone") =>
  syncCalendarEvent(call, { kind: place, label: "Call" }, settings, {
    fetch,
    now: new Date(),
    timeoutMs: 4_000,
    adminLeadUrl: "https://ascenddigital.ng/admin/leads/1",
    cache: memoryTokenCache(),
    meetReadWaitMs: 0,
  });

describe("Google Calendar's 403s", () => {
  it("retries a rate limit (rateLimitExceeded, userRateLimitExceeded), then writes the event", async () => {
    for (const reason of ["rateLimitExceeded", "userRateLimitExceeded"]) {
      await control("forbid", { reason, times: 1 });
      const call = booking();
      const limited = await sync(call);
      expect(limited).toMatchObject({ kind: "retry", error: expect.stringContaining(reason) });
      expect(await sync(call)).toMatchObject({ kind: "delivered" });
      expect(calendar.events.get(calendarEventId(call.id))?.status).toBe("confirmed");
    }
  });

  it("fails a permission refusal at once (forbiddenForNonOrganizer, insufficientPermissions)", async () => {
    for (const reason of ["forbiddenForNonOrganizer", "insufficientPermissions"]) {
      calendar.forbid = { reason, times: 1 };
      const outcome = await sync(booking());
      expect(outcome).toMatchObject({ kind: "failed", error: expect.stringContaining(reason) });
      expect(outcome).not.toHaveProperty("reconnect");
    }
  });
});

describe("a refused token", () => {
  it("fails the event with reconnect when Google answers invalid_grant", async () => {
    await control("refuse-token", { refuse: true });
    const outcome = await sync(booking());
    expect(outcome).toMatchObject({ kind: "failed", reconnect: true, error: expect.stringContaining("invalid_grant") });
  });

  it("asks for reconnecting when a cached token is refused and the refresh is too", async () => {
    const cache = memoryTokenCache();
    const outcomes: { ok: boolean; reconnect?: boolean; message?: string }[] = [];
    const busy = calendarBusy(() => settings, { cache, onOutcome: (outcome) => outcomes.push(outcome) });
    const from = new Date();
    const to = new Date(from.getTime() + 86_400_000);
    expect(await busy(from, to)).toEqual([]);
    await control("refuse-token", { refuse: true });
    expect(await busy(from, to)).toEqual([]);
    expect(outcomes).toEqual([
      { ok: true },
      { ok: false, reconnect: true, message: expect.stringContaining("invalid_grant") },
    ]);
    expect(outcomes[1]!.message).toMatch(/free slots ignore them/);
  });
});

describe("a Meet link", () => {
  it("still pending at the insert is read again until Google has made it", async () => {
    await control("conference", { pendingReads: 2 });
    const call = booking();
    const outcome = await sync(call, "google_meet");
    expect(calendar.calls).toEqual([
      "POST events",
      `GET events/${calendarEventId(call.id)}`,
      `GET events/${calendarEventId(call.id)}`,
    ]);
    expect(outcome).toMatchObject({
      kind: "delivered",
      response: { hangoutLink: expect.stringMatching(/^https:\/\/meet\.google\.com\//) },
    });
  });

  it("is read a bounded number of times: still pending, the event is delivered without it", async () => {
    calendar.pendingReads = 10;
    const call = booking();
    const outcome = await sync(call, "google_meet");
    expect(calendar.calls.filter((line) => line.startsWith("GET"))).toHaveLength(3);
    expect(outcome).toMatchObject({ kind: "delivered" });
    expect((outcome as { response: Record<string, unknown> }).response).not.toHaveProperty("hangoutLink");
  });
});

describe("the agency's event", () => {
  it("has no guest and keeps the visitor's details in its description; an event with the visitor as a guest loses them at the next sync", async () => {
    const call = booking();
    expect(await sync(call)).toMatchObject({ kind: "delivered" });
    const id = calendarEventId(call.id);
    expect(calendar.events.get(id)).toMatchObject({
      attendees: [],
      description: expect.stringContaining("Bola Adeyemi <bola@example.com>"),
    });
    // An event written when the visitor was a guest is patched on the next sync (its insert answers 409).
    calendar.events.get(id)!.attendees = [{ email: call.email, displayName: call.full_name }];
    expect(await sync(call)).toMatchObject({ kind: "delivered" });
    expect(calendar.events.get(id)!.attendees).toEqual([]);
  });
});
