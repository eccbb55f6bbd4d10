import type { Touch } from "../../lib/database.js";

/** One outbox row claimed by the dispatcher, with what its send needs (claim_conversion_events). */
export interface ClaimedEvent {
  id: number;
  lead_id: string;
  platform: "meta" | "google";
  /**
   * `scheduled`: a discovery call was booked (20261126210000_call_conversions.sql); `purchase`: a
   * counted payment (20261130110000_purchase_conversions.sql), one per payment.
   */
  event: "lead" | "qualified" | "scheduled" | "purchase";
  event_time: string;
  attempts: number;
  claim_token: string;
  email: string;
  phone: string | null;
  first_touch: Touch | null;
  latest_touch: Touch | null;
  ad_user_data: boolean;
  ad_personalization: boolean;
  fbp: string | null;
  client_ip: string | null;
  client_user_agent: string | null;
  service: string | null;
  web_package: string | null;
  crm_package: string | null;
  ad_package: string | null;
  lead_status: string;
  /** A purchase's payment, its amount in minor units and its currency; null for the other events. */
  payment_id: string | null;
  paid_minor: number | null;
  paid_currency: string | null;
}

/**
 * What one send came to. `retry`: worth trying again (network, timeout, 429, 5xx, an expired token);
 * `failed`: the platform refused the event and would refuse it again.
 */
export type SendOutcome =
  | { kind: "delivered"; response: unknown; value?: { amount: number; currency: string } }
  | { kind: "retry" | "failed"; error: string; response?: unknown; reconnect?: boolean }
  | { kind: "skipped"; reason: "no_consent" | "no_identifiers" | "not_configured" };

export interface SendContext {
  fetch: typeof fetch;
  now: Date;
  /** Each call to a platform is bounded by this (ms). */
  timeoutMs: number;
  /** The site's origin, for Meta's event_source_url. */
  siteUrl: string;
}

/** The touch that carries a click id, the latest first (the click that brought the enquiry). */
export function clickOf(event: ClaimedEvent, key: "gclid" | "fbclid"): { id: string; at: Date | null } | null {
  for (const touch of [event.latest_touch, event.first_touch]) {
    const id = touch?.[key]?.trim();
    if (id) {
      const at = touch?.at ? new Date(touch.at) : null;
      return { id, at: at && !Number.isNaN(at.getTime()) ? at : null };
    }
  }
  return null;
}

/** Why a call failed, in words for the admin: a network error, or a timeout. */
export function describeFetchError(caught: unknown, platform: string, timeoutMs: number): string {
  if (caught instanceof Error && (caught.name === "TimeoutError" || caught.name === "AbortError"))
    return `${platform} did not answer within ${timeoutMs} ms.`;
  return `${platform} could not be reached${caught instanceof Error && caught.message ? ` (${caught.message})` : ""}.`;
}
