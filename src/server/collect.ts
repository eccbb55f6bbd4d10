/**
 * POST /api/collect: one page view (or intake-form click) from the site's beacon, counted in
 * public.page_views without cookies and without personal data (api/collect.ts is the adapter). It:
 * 1. accepts POST only (405), text/plain or application/json (415; sendBeacon sends a string as
 *    text/plain), at most 2 KB (413);
 * 2. refuses a page of another site (403): a browser's `Sec-Fetch-Site` other than same-origin, or
 *    an `Origin` other than this site's;
 * 3. validates the beacon (src/lib/traffic-beacon.ts): 400 with a message, never 5xx;
 * 4. drops bots (isbot, or no user agent at all): 204, nothing stored or counted;
 * 5. refuses floods per client address (RATE_LIMIT, the shared limiter in Postgres): 429;
 * 6. computes the daily visitor key, sha256(salt of the day ‖ site host ‖ client address ‖ user
 *    agent), with the day's salt from the database (traffic_salt, cached per instance and UTC day;
 *    the database deletes it the next day, so a key leads neither to the next day nor to an address);
 * 7. stores the key, the beacon's fields, the country (`x-vercel-ip-country`) and the device class
 *    (from the user agent) through record_page_view with the service-role key, and answers 204.
 * Nothing else is kept: no address, no user agent, no click id. 503 only when the database cannot
 * be reached or the deployment has no service-role key.
 */
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { collectFunctionCopy } from "../content/functions.js";
import type { DeviceClass, ViewportWidthBucket } from "../lib/database.js";
import { BEACON_LIMITS, WIDTH_BUCKETS, type TrafficBeacon } from "../lib/traffic-beacon.js";
import { BodyError, clientIp, json, readFields } from "./http.js";
import type { RateLimiter, RateRule } from "./rate-limit.js";
import { MemoryRateLimiter } from "./rate-limit-memory.js";
import { hitAll } from "./rate-limit-postgres.js";
import { sharedLimiter } from "./request-limits.js";
import type { ServerSettings } from "./settings.js";
import { createServiceClient, serviceTarget, type DbClient } from "./supabase.js";

const messages = collectFunctionCopy.messages;

/** Beacons per client address per minute: a reader sends a few, a script sends many. */
const RATE_LIMIT: RateRule = { name: "collect:ip", limit: 120, windowSeconds: 60 };

export interface CollectDependencies {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** Counts beacons (default: the shared Postgres limiter over the same Supabase). */
  limiter?: RateLimiter;
  /** How the function reaches Supabase (the local servers and the bench pass an in-process one). */
  fetch?: typeof fetch;
  /** The clock: the day's salt and the rate limit's hits (tests pass one). */
  now?: () => Date;
}

/** A page view that passed the checks, as record_page_view takes it (without the key). */
interface PageView {
  kind: "pageview" | "intake";
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_id: string | null;
  has_click_id: boolean;
  viewport_width: ViewportWidthBucket | null;
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function optionalText(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || CONTROL.test(value)) return undefined;
  const trimmed = value.trim();
  if (trimmed.length > max) return undefined;
  return trimmed || null;
}

/**
 * The page view a beacon's fields describe, or the message that says what is wrong with them.
 * `siteHost`: a referrer that is this site itself is no outside referrer and is dropped.
 */
export function readBeacon(fields: Record<string, unknown>, siteHost = ""): PageView | { message: string } {
  const beacon = fields as { [K in keyof TrafficBeacon]?: unknown };
  const { path } = beacon;
  if (
    typeof path !== "string" ||
    !path.startsWith("/") ||
    path.length > BEACON_LIMITS.pathMax ||
    /[?#\s]/.test(path) ||
    CONTROL.test(path)
  )
    return { message: messages.path };

  const kind = beacon.kind ?? "pageview";
  if (kind !== "pageview" && kind !== "intake") return { message: messages.kind };

  let referrer = optionalText(beacon.referrer, BEACON_LIMITS.hostMax);
  if (referrer === undefined) return { message: messages.referrer };
  if (referrer !== null) {
    referrer = referrer.toLowerCase().replace(/\.$/, "");
    if (!HOST.test(referrer)) return { message: messages.referrer };
    referrer = referrer.replace(/^www\./, "");
    if (referrer === siteHost.toLowerCase().replace(/^www\./, "")) referrer = null;
  }

  const utm = [beacon.utm_source, beacon.utm_medium, beacon.utm_campaign, beacon.utm_id].map((value) =>
    optionalText(value, BEACON_LIMITS.utmMax),
  );
  if (utm.some((value) => value === undefined)) return { message: messages.utm };
  const [utmSource, utmMedium, utmCampaign, utmId] = utm as (string | null)[];

  const clickId = beacon.click_id ?? false;
  if (typeof clickId !== "boolean") return { message: messages.clickId };

  const width = beacon.width ?? null;
  if (width !== null && !WIDTH_BUCKETS.includes(width as ViewportWidthBucket)) return { message: messages.width };

  return {
    kind,
    path,
    referrer_host: referrer,
    utm_source: utmSource ?? null,
    utm_medium: utmMedium ?? null,
    utm_campaign: utmCampaign ?? null,
    utm_id: utmId ?? null,
    has_click_id: clickId,
    viewport_width: width as ViewportWidthBucket | null,
  };
}

/**
 * The daily visitor key: sha256 over the day's salt, the site's host, the client's address and its
 * user agent (each field ended by a NUL, so no two inputs run together), as hex. One-way: without the
 * salt, which the database deletes the next day, no address can be tried against it.
 */
export function visitorKey(saltHex: string, siteHost: string, address: string, userAgent: string): string {
  const hash = createHash("sha256").update(Buffer.from(saltHex, "hex"));
  for (const part of [siteHost, address, userAgent]) hash.update(part).update("\0");
  return hash.digest("hex");
}

/** The kind of device a user agent names, by the same rules as the database's private.device_class. */
export function deviceClass(userAgent: string): DeviceClass {
  if (
    /(ipad|tablet|kindle|silk\/|playbook)/i.test(userAgent) ||
    (/android/i.test(userAgent) && !/mobile/i.test(userAgent))
  )
    return "tablet";
  if (/(mobi|iphone|ipod|windows phone|blackberry|bb10|opera mini)/i.test(userAgent)) return "phone";
  return "desktop";
}

/** Whether a user agent is a known bot, crawler or tool (isbot), or absent, which no browser is. */
export function isBotAgent(userAgent: string | null): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

/** A page of another site posting here: a browser says so in Sec-Fetch-Site, or its Origin differs. */
function crossSite(request: Request, settings: ServerSettings): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const own = [new URL(request.url).origin, settings.siteUrl && new URL(settings.siteUrl).origin];
  return !own.includes(origin);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** `values` without its null entries. */
function definedOnly<T extends Record<string, string | number | null>>(
  values: T,
): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
}

const noContent = () => new Response(null, { status: 204, headers: { "cache-control": "no-store" } });

export function createCollectHandler(deps: CollectDependencies) {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});
  const now = deps.now ?? (() => new Date());
  /** The day's salt, once per instance per UTC day. */
  let salt: { day: string; hex: Promise<string> } | null = null;

  function daySalt(db: DbClient): Promise<string> {
    const day = now().toISOString().slice(0, 10);
    if (salt?.day === day) return salt.hex;
    const hex = (async () => {
      const { data, error } = await db.rpc("traffic_salt");
      if (error || typeof data !== "string") throw new Error(error?.message ?? "no salt");
      return data;
    })();
    const entry = { day, hex };
    salt = entry;
    // A failure is not remembered: the next beacon asks again.
    hex.catch(() => {
      if (salt === entry) salt = null;
    });
    return hex;
  }

  return async function handleCollect(request: Request): Promise<Response> {
    const settings = deps.settings();
    if (request.method !== "POST") return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });
    const type = mediaType(request);
    if (type !== "text/plain" && type !== "application/json" && type !== "")
      return json(415, { message: messages.unsupportedType });
    if (crossSite(request, settings)) return json(403, { message: messages.crossSite });

    let fields: Record<string, unknown> | undefined;
    try {
      fields = await readFields(request, BEACON_LIMITS.bodyBytes, {
        ...messages,
        malformedForm: messages.malformedJson,
      });
    } catch (error) {
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      throw error;
    }
    if (!fields) return json(400, { message: messages.empty });
    const siteHost = settings.siteUrl ? new URL(settings.siteUrl).hostname : new URL(request.url).hostname;
    const view = readBeacon(fields, siteHost);
    if ("message" in view) return json(400, { message: view.message });

    // Bots are not counted, not even against the limit.
    const userAgent = request.headers.get("user-agent");
    if (isBotAgent(userAgent)) return noContent();

    const target = serviceTarget(settings, request.url);
    if (!target) {
      console.error("collect: page views cannot be stored: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY");
      return json(503, { message: messages.unavailable }, { "retry-after": "300" });
    }
    const db = createServiceClient(target.url, target.key, { fetch: deps.fetch });
    const address = clientIp(request) ?? "";
    const flood = await hitAll(deps.limiter ?? sharedLimiter(db, settings, fallback, deps.now), [
      [RATE_LIMIT, address],
    ]);
    if (!flood.allowed)
      return json(429, { message: messages.rateLimited }, { "retry-after": String(flood.retryAfterSeconds) });

    let key: string;
    try {
      key = visitorKey(await daySalt(db), siteHost, address, userAgent ?? "");
    } catch (error) {
      console.error("collect: no salt for the day:", error instanceof Error ? error.message : error);
      return json(503, { message: messages.unavailable }, { "retry-after": "60" });
    }
    const country = request.headers.get("x-vercel-ip-country")?.trim().toUpperCase() ?? "";
    const { error } = await db.rpc("record_page_view", {
      visitor: key,
      kind: view.kind,
      path: view.path,
      device: deviceClass(userAgent ?? ""),
      has_click_id: view.has_click_id,
      // Absent arguments are null in the database.
      ...definedOnly({
        referrer_host: view.referrer_host,
        utm_source: view.utm_source,
        utm_medium: view.utm_medium,
        utm_campaign: view.utm_campaign,
        utm_id: view.utm_id,
        viewport_width: view.viewport_width,
        country: /^[A-Z]{2}$/.test(country) ? country : null,
      }),
    });
    if (error) {
      // A value the database refuses (22xxx, 23xxx) means its checks and these drifted: the request's fault.
      if (error.code?.startsWith("22") || error.code?.startsWith("23")) {
        console.error("collect: the database refused a page view that passed validation:", error.code, error.message);
        return json(400, { message: messages.unavailable });
      }
      console.error("collect: the page view could not be stored:", error.code ?? "", error.message);
      return json(503, { message: messages.unavailable }, { "retry-after": "60" });
    }
    return noContent();
  };
}
