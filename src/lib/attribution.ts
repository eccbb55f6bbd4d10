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
import { nextTask } from "./next-task";

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
  // No referrer is the common case (a typed address, an app's link), not an error to throw and catch.
  if (arrival.referrer) {
    try {
      const from = new URL(arrival.referrer);
      // Only another site's address, and only its origin and path: a query can carry personal data.
      if (/^https?:$/.test(from.protocol) && from.origin !== arrival.origin)
        touch.referrer = clip(`${from.origin}${from.pathname}`);
    } catch {
      // Not a URL.
    }
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

/** Resolves in a task of its own, after whatever the browser has waiting (a tap, a frame). */
type Pause = () => Promise<void>;

export interface ArrivalStorage {
  /** The browser's own by default; null where there is none (a private mode, storage disabled). */
  local?: Storage | null;
  session?: Storage | null;
  /** Between the steps below (default: a new task each time). */
  pause?: Pause;
}

/**
 * Records the arrival when it is a touch (first page of a visit, or a campaign link). Storage that
 * is unavailable (private modes, disabled) means nothing is kept; the site works the same.
 *
 * In three tasks, not one: this tab's session storage opened and read, the arrival's address read,
 * then the kept attribution opened, read and written. Each storage area's first use and the address's
 * parsing cost 1-3 ms apiece in a page at full speed on the 2-core machine, 4.5-14 ms as one task
 * (docs/performance.md): a long task on a phone several times slower, at the moment a first tap may come.
 */
export async function recordArrival(
  arrival: Arrival,
  { local = safeLocalStorage(), session = safeSessionStorage(), pause = nextTask }: ArrivalStorage = {},
): Promise<Attribution> {
  if (!local || !session) return {};
  const firstOfVisit = session.getItem(VISIT_KEY) === null;
  await pause();
  const touch = touchOf(arrival);
  await pause();
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
