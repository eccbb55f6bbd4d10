import { bookingTokenStorageKey, contactCopy, contactStorageKey, type ContactRequest } from "../../content/contact";
import { relevantAnswers, type LeadField } from "../../lib/lead-rules";

/** What api/contact answered, in the terms the form acts on. */
export type SendOutcome = { ok: true; bookingToken: string | null } | { ok: false; message: string; field?: LeadField };

const SEND_TIMEOUT_MS = 20_000;

/**
 * Sends the enquiry to api/contact with the visit's attribution and how long the form was open (the
 * function's bot check). Never throws: a network failure or an unreadable answer is an outcome too.
 */
export async function sendContactRequest(
  values: ContactRequest,
  extra: { elapsedMs: number; website: string },
): Promise<SendOutcome> {
  let response: Response;
  try {
    // The same small module main.tsx loads when the page is idle, so it is usually loaded already.
    const { readAttribution } = await import("../../lib/attribution");
    response = await fetch("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        ...relevantAnswers(values),
        attribution: readAttribution(),
        elapsedMs: Math.round(extra.elapsedMs),
        website: extra.website,
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: contactCopy.failure.network };
  }
  let body: { message?: unknown; field?: unknown; bookingToken?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not our function's JSON (a proxy's error page): say it in our words.
  }
  // The token that books the call promised on /thank-you for this lead (api/contact.ts).
  if (response.ok) return { ok: true, bookingToken: typeof body.bookingToken === "string" ? body.bookingToken : null };
  const message = typeof body.message === "string" && body.message ? body.message : contactCopy.failure.server;
  return { ok: false, message, ...(typeof body.field === "string" ? { field: body.field as LeadField } : {}) };
}

/** Records the request in this tab, for the thank-you page's greeting, with the token that books its call. */
export function saveContactRequest(values: ContactRequest, bookingToken: string | null): void {
  try {
    window.sessionStorage.setItem(contactStorageKey, JSON.stringify(relevantAnswers(values)));
    saveBookingToken(bookingToken);
  } catch {
    // Storage can be unavailable (private mode, quota); the thank-you page then greets generically.
  }
}

/** The first name of the stored request, or null when there is none or it cannot be read. */
export function readStoredFirstName(): string | null {
  try {
    const raw = window.sessionStorage.getItem(contactStorageKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ContactRequest>;
    const first = typeof parsed.fullName === "string" ? parsed.fullName.trim().split(/\s+/)[0] : "";
    return first ? first : null;
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the token that books a call for the enquiry just sent. */
export function saveBookingToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(bookingTokenStorageKey, token);
    else window.sessionStorage.removeItem(bookingTokenStorageKey);
  } catch {
    // Without storage, /thank-you offers /book instead.
  }
}

/** The booking token of this tab's enquiry, or null. */
export function readBookingToken(): string | null {
  try {
    return window.sessionStorage.getItem(bookingTokenStorageKey);
  } catch {
    return null;
  }
}

/** The token a form posted without script brings in the address (`/thank-you#booking=…`). */
export function bookingTokenInHash(hash: string): string | null {
  return /^#(?:.*&)?booking=([A-Za-z0-9_-]{10,64})(?:&|$)/.exec(hash)?.[1] ?? null;
}
