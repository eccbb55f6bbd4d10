/**
 * The page-view beacon's shape, shared by the browser that sends it and the collect function
 * (src/server/collect.ts) that checks it. `navigator.sendBeacon("/api/collect", JSON.stringify(beacon))`
 * sends it as text/plain; a Blob of type application/json is accepted too. Nothing in it names a
 * person: the outside referrer's host (not its URL), the UTM values, whether a click id came (not
 * the id), and the viewport width's bucket.
 */
import type { PageViewKind, ViewportWidthBucket } from "./database.js";

export interface TrafficBeacon {
  /** The page's path: starts with "/", no query or fragment, at most PATH_MAX characters. */
  path: string;
  /** "pageview" (the default) or "intake": a click on a call to action that opens the intake form. */
  kind?: PageViewKind;
  /** The outside referrer's host name (not the URL), when the visit came from another site. */
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  /** The ad platform's campaign id, which the ad account's URL template fills in. */
  utm_id?: string | null;
  /** Whether the landing URL carried a gclid or fbclid (never the id itself). */
  click_id?: boolean;
  /** The viewport width's bucket (widthBucket(window.innerWidth)). */
  width?: ViewportWidthBucket | null;
}

/** The beacon's limits, which the database's check constraints repeat. */
/** The longest path and campaign tag kept: the browser trims to them, the function refuses longer. */
export const BEACON_PATH_MAX = 300;
export const BEACON_UTM_MAX = 100;
/**
 * Every bound the function holds a beacon to. The browser imports the two above alone, so that the
 * bounds only the function reads cost the pages no bytes.
 */
export const BEACON_LIMITS = {
  pathMax: BEACON_PATH_MAX,
  utmMax: BEACON_UTM_MAX,
  hostMax: 253,
  bodyBytes: 2048,
} as const;

/** The width buckets, from the widest: the lower bounds of the layout's breakpoints (Tailwind's). */
export const WIDTH_BUCKETS: readonly ViewportWidthBucket[] = [1536, 1280, 1024, 768, 640, 0];

/** The bucket a viewport `width` (CSS pixels) falls in. */
export function widthBucket(width: number): ViewportWidthBucket {
  return WIDTH_BUCKETS.find((bucket) => width >= bucket) ?? 0;
}
