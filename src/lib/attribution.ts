/**
 * Where a visitor came from, kept in their browser only and sent with an enquiry (the contact form),
 * so the agency can tell which campaign brought a lead. Nothing is sent anywhere else; the privacy
 * policy says so.
 *
 * Two touches are kept in localStorage: the first (the visit that brought the visitor, kept for
 * ATTRIBUTION_DAYS) and the latest. A touch is taken on the first page of a visit (this tab's
 * sessionStorage has no marker yet), and on any page reached through a campaign link (UTM
 * parameters or an ad click id), since that is a new touch even within a visit. Each records the
 * campaign parameters, the landing page, the referring site when it is another site, and the time.
 */
import type { Touch } from "./database";
import { CAMPAIGN_PARAMS, MAX_TOUCH_VALUE } from "./touch";

export const ATTRIBUTION_KEY = "ascend-attribution";
export const VISIT_KEY = "ascend-visit";
export const ATTRIBUTION_DAYS = 90;

export interface Attribution {
  first?: Touch;
  latest?: Touch;
}

export interface Arrival {
  /** Path and query of the page the visitor arrived on. */
  url: string;
  /** document.referrer. */
  referrer: string;
  /** This site's origin, to tell an outside referrer from an inside one. */
  origin: string;
  now: Date;
}

function clip(value: string): string {
  return value.trim().slice(0, MAX_TOUCH_VALUE);
}

/** The touch of an arrival: campaign parameters, landing page, outside referrer, time. */
export function touchOf(arrival: Arrival): Touch {
  const url = new URL(arrival.url, arrival.origin);
  const touch: Touch = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = url.searchParams.get(name);
    if (value && clip(value)) touch[name] = clip(value);
  }
  touch.landing_page = clip(`${url.pathname}${url.search}`);
  try {
    const from = new URL(arrival.referrer);
    // Only another site's address, and only its origin and path: a query can carry personal data.
    if (/^https?:$/.test(from.protocol) && from.origin !== arrival.origin)
      touch.referrer = clip(`${from.origin}${from.pathname}`);
  } catch {
    // No referrer, or not a URL.
  }
  touch.at = arrival.now.toISOString();
  return touch;
}

function hasCampaign(touch: Touch): boolean {
  return CAMPAIGN_PARAMS.some((name) => touch[name]);
}

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/** What is kept, or an empty attribution when nothing (or nothing readable) is. */
export function readAttribution(storage: Storage | undefined = safeLocalStorage()): Attribution {
  if (!storage) return {};
  const stored = readJson(storage, ATTRIBUTION_KEY);
  if (!stored || typeof stored !== "object") return {};
  const { first, latest } = stored as Attribution;
  return {
    ...(first && typeof first === "object" ? { first } : {}),
    ...(latest && typeof latest === "object" ? { latest } : {}),
  };
}

/**
 * Records the arrival when it is a touch (first page of a visit, or a campaign link). Storage that
 * is unavailable (private modes, disabled) means nothing is kept; the site works the same.
 */
export function recordArrival(
  arrival: Arrival,
  local: Storage | undefined = safeLocalStorage(),
  session: Storage | undefined = safeSessionStorage(),
): Attribution {
  if (!local || !session) return {};
  const touch = touchOf(arrival);
  const firstOfVisit = session.getItem(VISIT_KEY) === null;
  if (!firstOfVisit && !hasCampaign(touch)) return readAttribution(local);
  try {
    session.setItem(VISIT_KEY, "1");
    const kept = readAttribution(local);
    const firstAt = Date.parse(kept.first?.at ?? "");
    const expired = !Number.isFinite(firstAt) || arrival.now.getTime() - firstAt > ATTRIBUTION_DAYS * 86_400_000;
    const next: Attribution = { first: kept.first && !expired ? kept.first : touch, latest: touch };
    local.setItem(ATTRIBUTION_KEY, JSON.stringify(next));
    return next;
  } catch {
    return {};
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return "window" in globalThis ? globalThis.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return "window" in globalThis ? globalThis.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}
