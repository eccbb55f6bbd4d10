/**
 * What the traffic beacon sends to /api/collect, and nothing more: the page's path (no query), the
 * host of the site that sent the visitor (only another site's), the campaign tags of the landing
 * URL (utm_source, utm_medium, utm_campaign, and utm_id, the ad platform's campaign id), whether an ad click id (gclid, fbclid) came with it
 * (never the id) and the width of the viewport as a bucket. No identifier, no cookie, no storage:
 * the function derives a daily visitor key that no one can follow from one day to the next.
 *
 * The shape and its limits are shared with the function (./traffic-beacon.ts). Sent as JSON in a
 * text/plain body: a simple request, so the browser sends no preflight. This module is loaded once
 * the page is idle (./traffic-count.ts), so it costs nothing before interaction.
 */
import type { PageViewKind, ViewportWidthBucket } from "./database";
import { BEACON_PATH_MAX, BEACON_UTM_MAX, widthBucket, type TrafficBeacon } from "./traffic-beacon";

export type TrafficKind = PageViewKind;

/** Where a visit came from, read once from its landing page and kept for the page's lifetime. */
export type TrafficSource = Pick<
  TrafficBeacon,
  "referrer" | "utm_source" | "utm_medium" | "utm_campaign" | "utm_id"
> & {
  click_id: boolean;
};

/** The beacon as this site sends it: every field the function reads, absent tags left out. */
export type TrafficEvent = TrafficSource & { kind: TrafficKind; path: string; width: ViewportWidthBucket };

const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_id"] as const;

/** What the landing page knew of the visit's origin, read once by ./traffic-count.ts. */
export interface Landing {
  /** `location.search` of the landing page. */
  search: string;
  /** `document.referrer`. */
  referrer: string;
  /** This site's host, to tell an outside referrer from a page of this site. */
  host: string;
}

/**
 * The source of a visit from its landing page. A referrer of this site (a reload, a link from
 * another of its pages) is none.
 */
export function trafficSource({ search, referrer, host }: Landing): TrafficSource {
  const query = new URLSearchParams(search);
  const source: TrafficSource = { click_id: Boolean(query.get("gclid") || query.get("fbclid")) };
  for (const name of UTM) {
    const value = (query.get(name) ?? "").trim().slice(0, BEACON_UTM_MAX);
    if (value) source[name] = value;
  }
  // No referrer (typed address, bookmark, a referrer policy of no-referrer) is no error to throw.
  if (referrer) {
    try {
      const from = new URL(referrer);
      // A host name only (an IPv6 address in brackets is no site anyone reports on).
      if (/^https?:$/.test(from.protocol) && from.host !== host && /^[a-z0-9.-]+$/.test(from.hostname))
        source.referrer = from.hostname;
    } catch {
      // Not a URL.
    }
  }
  return source;
}

export function trafficEvent(kind: TrafficKind, path: string, source: TrafficSource, width: number): TrafficEvent {
  // The path alone: a query or fragment can carry personal data (an e-mail in a link, a token).
  const page = (path.split(/[?#]/)[0] ?? "").slice(0, BEACON_PATH_MAX);
  return { kind, path: page.startsWith("/") ? page : "/", ...source, width: widthBucket(width) };
}

/**
 * Sends one event; false when the browser has no sendBeacon or refuses to queue it. The body is the
 * JSON as a string, which the browser sends as `text/plain;charset=UTF-8`: a Blob made the page's
 * first beacon cost its main thread 1.8 ms at full speed against 0.8 ms (medians of 10 fresh pages,
 * docs/performance.md), the Blob's registration.
 */
export function sendTraffic(kind: TrafficKind, path: string, landing: Landing, width: number): boolean {
  if (typeof navigator.sendBeacon !== "function") return false;
  const event = trafficEvent(kind, path, trafficSource(landing), width);
  return navigator.sendBeacon("/api/collect", JSON.stringify(event));
}
