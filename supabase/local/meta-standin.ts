import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_META_GRAPH_URL } from "../../src/server/conversions/settings.ts";
import { answerMetaSpend, seededFixture, setFixture, type SpendFixture } from "./ad-spend-standin.ts";
import type { WebHandler } from "./node-http.ts";
import { apiVersionOf, countedOnce, reply, route, type Received } from "./platform-standin.ts";

/**
 * A local stand-in for Meta's Conversions API (`POST /{version}/{pixel id}/events` on the Graph
 * API), for development and tests only: the dev and preview servers mount it when META_PIXEL_ID is
 * not configured and point the conversions at it with fake credentials (see
 * conversion-standins.ts). It checks what Meta checks and answers in Meta's shapes:
 * - the access token and the pixel id (error 190, error 100 with subcode 33);
 * - every event: event_name, event_time (a Unix time in seconds, not in the future, at most 7 days
 *   old), a known action_source, user_data; website events need event_source_url and
 *   client_user_agent; em and ph are SHA-256 hashes (64 lowercase hex characters); fbc is
 *   `fb.1.<ms>.<fbclid>`, fbp `fb.1.<ms>.<number>`; a `Purchase` carries custom_data.value (a
 *   number, not below zero) and custom_data.currency (ISO 4217: three capital letters), which Meta
 *   requires of purchase events;
 * - success: `{ events_received, messages, fbtrace_id }`; a repeated event_name + event_id is
 *   received again but counted once (Meta's deduplication), which `deliveries()` shows.
 * `down = true` makes it answer 503 with Meta's transient error (code 2), for tests of retries;
 * `refused` holds e-mail hashes whose events it refuses (error 100), as Meta refuses a malformed event.
 * Both can be set over HTTP for development and browser tests: `POST <path>/outage` with
 * `{ "down": bool }` or `{ "refuseEmail": "a@example.com" }` (only that visitor's events, so other
 * tests running at the same time are not affected).
 * `GET <path>` lists what it received.
 * It also answers the ad account's currency and insights, the spend import's reads, from `spend`
 * (ad-spend-standin.ts; `POST <path>/spend` sets it).
 */
const META_STANDIN_PATH = "/__local/meta";
/** The Graph API version the functions call by default (`v26.0`), so the stand-in answers the same path. */
export const META_STANDIN_VERSION = apiVersionOf(DEFAULT_META_GRAPH_URL);
/** What `GET <path>` says its list is. */
const LISTING_NOTE =
  "Local development: events the conversions dispatcher sent to Meta's Conversions API (nothing left this machine).";

type MetaReceived = Received<{ pixelId: string; testEventCode: string | null; event: Record<string, unknown> }>;

export interface MetaStandin {
  path: string;
  handler: WebHandler;
  received: MetaReceived[];
  /** Events counted once each (what Meta would report). */
  deliveries(): MetaReceived[];
  down: boolean;
  refused: Set<string>;
  credentials: { pixelId: string; accessToken: string; adAccountId: string };
  /** The ad account's spend, which the insights answer from. */
  spend: SpendFixture;
}

const ACTION_SOURCES = new Set([
  "email",
  "website",
  "app",
  "phone_call",
  "chat",
  "physical_store",
  "system_generated",
  "business_messaging",
  "other",
]);
const HASH = /^[0-9a-f]{64}$/;
const FBC = /^fb\.1\.\d{13}\.\S+$/;
const FBP = /^fb\.1\.\d{13}\.\d+$/;
const MAX_AGE_S = 7 * 24 * 60 * 60;

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");
const traceId = () => randomBytes(8).toString("base64url");

function metaError(status: number, message: string, code: number, extra: Record<string, unknown> = {}): Response {
  return reply(status, { error: { message, type: "OAuthException", code, ...extra, fbtrace_id: traceId() } });
}

function invalid(userMessage: string): Response {
  return metaError(400, "Invalid parameter", 100, {
    error_user_title: "Invalid parameter",
    error_user_msg: userMessage,
    is_transient: false,
  });
}

/** Why a Purchase's custom_data would be refused, or null: Meta requires its value and currency. */
function purchaseProblem(custom: unknown, at: string): string | null {
  const data = (custom ?? {}) as Record<string, unknown>;
  if (typeof data.value !== "number" || !Number.isFinite(data.value) || data.value < 0)
    return `${at}.custom_data.value is required for Purchase events: a number, the amount of the purchase.`;
  if (typeof data.currency !== "string" || !/^[A-Z]{3}$/.test(data.currency))
    return `${at}.custom_data.currency is required for Purchase events: an ISO 4217 code such as NGN.`;
  return null;
}

/** Why an event would be refused, or null. */
function eventProblem(event: Record<string, unknown>, index: number, nowS: number): string | null {
  const at = `data[${index}]`;
  if (typeof event.event_name !== "string" || !event.event_name) return `${at}.event_name is required.`;
  if (!Number.isInteger(event.event_time)) return `${at}.event_time must be a Unix time in seconds.`;
  const time = event.event_time as number;
  if (time > nowS + 60) return `${at}.event_time is in the future.`;
  if (time < nowS - MAX_AGE_S) return `${at}.event_time is more than 7 days in the past.`;
  if (typeof event.action_source !== "string" || !ACTION_SOURCES.has(event.action_source))
    return `${at}.action_source is missing or unknown.`;
  const user = event.user_data as Record<string, unknown> | undefined;
  if (!user || typeof user !== "object") return `${at}.user_data is required.`;
  if (event.action_source === "website") {
    if (typeof event.event_source_url !== "string" || !/^https?:\/\//.test(event.event_source_url))
      return `${at}.event_source_url is required for website events.`;
    if (typeof user.client_user_agent !== "string" || !user.client_user_agent)
      return `${at}.user_data.client_user_agent is required for website events.`;
  }
  for (const key of ["em", "ph"]) {
    if (user[key] === undefined) continue;
    const values = Array.isArray(user[key]) ? (user[key] as unknown[]) : [user[key]];
    if (!values.every((value) => typeof value === "string" && HASH.test(value)))
      return `${at}.user_data.${key} must be SHA-256 hashes (64 lowercase hex characters).`;
  }
  if (user.fbc !== undefined && !(typeof user.fbc === "string" && FBC.test(user.fbc)))
    return `${at}.user_data.fbc must look like fb.1.<creation time in ms>.<fbclid>.`;
  if (user.fbp !== undefined && !(typeof user.fbp === "string" && FBP.test(user.fbp)))
    return `${at}.user_data.fbp must look like fb.1.<creation time in ms>.<random number>.`;
  if (!["em", "ph", "fbc", "fbp", "external_id", "client_ip_address"].some((key) => user[key] !== undefined))
    return `${at}.user_data has no customer information to match on.`;
  if (event.event_name === "Purchase") return purchaseProblem(event.custom_data, at);
  return null;
}

export function createMetaStandin(path = META_STANDIN_PATH, now: () => Date = () => new Date()): MetaStandin {
  const credentials = {
    pixelId: "1234567890",
    accessToken: `local-meta-token-${randomBytes(6).toString("hex")}`,
    adAccountId: "102938475610",
  };
  const received: MetaReceived[] = [];
  const seen = new Set<string>();
  const standin: MetaStandin = {
    path,
    received,
    down: false,
    refused: new Set(),
    credentials,
    spend: seededFixture("meta", now()),
    deliveries: () => countedOnce(received),
    handler: async (request) => {
      const { rest, listing } = route(request, path, LISTING_NOTE, received);
      if (listing) return listing;
      if (request.method === "POST" && rest === "/outage") {
        const body = (await request.json().catch(() => ({}))) as {
          down?: unknown;
          refuseEmail?: unknown;
          acceptEmail?: unknown;
        };
        if (typeof body.down === "boolean") standin.down = body.down;
        if (typeof body.refuseEmail === "string") standin.refused.add(sha256Hex(body.refuseEmail.trim().toLowerCase()));
        if (typeof body.acceptEmail === "string")
          standin.refused.delete(sha256Hex(body.acceptEmail.trim().toLowerCase()));
        return reply(200, { down: standin.down, refused: standin.refused.size });
      }
      if (request.method === "POST" && rest === "/spend") return setFixture(standin.spend, request);
      const spend = answerMetaSpend(standin.spend, request, rest, credentials);
      if (spend) return spend;
      const match = /^\/(v\d+\.\d+)\/([^/]+)\/events$/.exec(rest);
      if (!match) return metaError(400, "Unknown path components", 2500);
      if (request.method !== "POST") return metaError(400, "Unsupported get request.", 100);
      if (standin.down) return metaError(503, "Service temporarily unavailable", 2, { is_transient: true });
      let body: Record<string, unknown>;
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return invalid("The body is not JSON.");
      }
      const token = (body.access_token as string | undefined) ?? new URL(request.url).searchParams.get("access_token");
      if (!token) return metaError(400, "An access token is required to request this resource.", 104);
      if (token !== credentials.accessToken)
        return metaError(400, "Invalid OAuth access token - Cannot parse access token", 190);
      const pixelId = match[2]!;
      if (pixelId !== credentials.pixelId) {
        return metaError(
          400,
          `Unsupported post request. Object with ID '${pixelId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          { error_subcode: 33 },
        );
      }
      const data = body.data;
      if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
        return invalid("data must be an array of 1 to 1000 events.");
      const nowS = Math.floor(now().getTime() / 1000);
      for (const [index, event] of data.entries()) {
        const em = ((event as { user_data?: { em?: unknown } })?.user_data?.em ?? []) as unknown;
        if ((Array.isArray(em) ? em : [em]).some((hash) => standin.refused.has(String(hash))))
          return invalid(`data[${index}] refused by the local stand-in (POST ${path}/outage).`);
        const problem =
          event && typeof event === "object"
            ? eventProblem(event as Record<string, unknown>, index, nowS)
            : `data[${index}] is not an object.`;
        if (problem) return invalid(problem);
      }
      for (const event of data as Record<string, unknown>[]) {
        const key = `${String(event.event_name)}\n${String(event.event_id ?? Math.random())}`;
        received.push({
          at: now().toISOString(),
          pixelId,
          testEventCode: (body.test_event_code as string | undefined) ?? null,
          event,
          duplicate: seen.has(key),
        });
        seen.add(key);
      }
      return reply(200, { events_received: data.length, messages: [], fbtrace_id: traceId() });
    },
  };
  return standin;
}
