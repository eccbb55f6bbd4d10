import { contactCopy, contactStorageKey, type ContactRequest } from "../../content/contact";
import { relevantAnswers, type LeadField } from "../../lib/lead-rules";

/** What api/contact answered, in the terms the form acts on. */
export type SendOutcome = { ok: true } | { ok: false; message: string; field?: LeadField };

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
  if (response.ok) return { ok: true };
  let body: { message?: unknown; field?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not our function's JSON (a proxy's error page): say it in our words.
  }
  const message = typeof body.message === "string" && body.message ? body.message : contactCopy.failure.server;
  return { ok: false, message, ...(typeof body.field === "string" ? { field: body.field as LeadField } : {}) };
}

/** Records the request in this tab, for the thank-you page's greeting. */
export function saveContactRequest(values: ContactRequest): void {
  try {
    window.sessionStorage.setItem(contactStorageKey, JSON.stringify(relevantAnswers(values)));
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
