import type { Booking } from "../../lib/calls/contract";

/** A call booked in this tab, kept so that reloading the page shows its confirmation again. */
export interface ConfirmedCall {
  booking: Booking;
  visitorZone: string;
  agencyZone: string;
  token: string;
  /** The enquiry's booking token it was booked with (/thank-you), so another enquiry books afresh. */
  leadToken?: string;
}

const KEY = "confirmed-call";

export function saveConfirmedCall(call: ConfirmedCall): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(call));
  } catch {
    // Storage unavailable: the confirmation shows until the page is left.
  }
}

export function readConfirmedCall(): ConfirmedCall | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const call = JSON.parse(raw) as Partial<ConfirmedCall>;
    return call.booking && typeof call.token === "string" && call.visitorZone && call.agencyZone
      ? (call as ConfirmedCall)
      : null;
  } catch {
    return null;
  }
}
