/**
 * POST /api/subscribe: the newsletter sign-up.
 *
 * A Web-standard handler (`Request` in, `Response` out) in Vercel's `export default { fetch }` form,
 * so every method reaches it and anything but POST can be answered with 405. The same object runs on
 * Vercel, in the local dev and preview servers (supabase/local/functions-plugin.ts) and in tests.
 *
 * It validates the address, applies the shared rate limit (counted in Postgres,
 * src/server/request-limits.ts), then forwards a form-encoded POST to the provider's public
 * subscribe-form endpoint and relays the outcome as `{ message }`.
 *
 * Settings, read from process.env on every request:
 * - NEWSLETTER_FORM_URL      the provider's form endpoint; unset means 503.
 * - NEWSLETTER_EMAIL_FIELD   field name of the address (default `email`; Kit uses `email_address`).
 * - NEWSLETTER_SOURCE_FIELD  field name of the source tag (default `fields[source]`).
 * - NEWSLETTER_TIMEOUT_MS    provider timeout (default 8000).
 *
 * What it shares with the other functions (body reading, rate limiting, native form posts) is in
 * api/_lib/http.ts.
 */
import { BodyError, htmlPage, isNativeFormPost, json as jsonBody, readFields, sameSiteReferer } from "./_lib/http.js";
import { restClient, supabaseTarget } from "./_lib/supabase.js";
import type { RateDecision } from "../src/server/rate-limit.js";
import { instanceFallback } from "../src/server/rate-limit-postgres.js";
import { refuseFlood, sharedLimiter } from "../src/server/request-limits.js";
import { isUnstorableText } from "../src/server/unstorable-text.js";
import { escapeHtml, isEmailAddress } from "../src/lib/text.js";

export const NEWSLETTER_SOURCE = "Website Footer";
/** Bodies larger than this are refused with 413; a sign-up is a few dozen bytes. */
export const MAX_BODY_BYTES = 4 * 1024;
const DEFAULT_TIMEOUT_MS = 8_000;
const MAX_PROVIDER_MESSAGE_LENGTH = 300;

/** Rate limit: attempts allowed per window, per address and per client IP. */
export const RATE_LIMIT = { windowMs: 10 * 60_000, perAddress: 5, perIp: 20 } as const;

const messages = {
  methodNotAllowed: "Method Not Allowed",
  emailRequired: "Email is required",
  invalidEmail: "Please enter a valid email address.",
  malformedJson: "The request body is not valid JSON.",
  malformedForm: "The request body is not valid form data.",
  unsupportedType: "Send the email as JSON or as form data.",
  tooLarge: `The request body is too large (at most ${MAX_BODY_BYTES} bytes).`,
  rateLimited: "Too many sign-up attempts. Please wait a few minutes and try again.",
  notConfigured: "Newsletter sign-up is not available right now: no newsletter provider is configured.",
  providerFailed: "API request failed",
  internalError: "Internal Server Error",
  success: "Thanks for subscribing! Please check your inbox to confirm your address.",
} as const;

function json(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonBody(status, { message }, headers);
}

function setting(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

// ---- Rate limit ----------------------------------------------------------------------------------

/** Forgets every attempt counted in this instance's memory, the limiter's fallback (tests). */
export function resetRateLimit(): void {
  instanceFallback.reset();
}

/** Counted in Postgres through the same Supabase as the other functions; null when within the limit. */
function refusal(request: Request, email: string): Promise<RateDecision | null> {
  const target = supabaseTarget(request);
  const limiter = target ? sharedLimiter(restClient(target)) : instanceFallback;
  return refuseFlood(limiter, request, "subscribe", RATE_LIMIT, email);
}

// ---- Body ----------------------------------------------------------------------------------------

/** The `email` of a JSON or form body: a string, or undefined when absent. */
async function readEmail(request: Request): Promise<unknown> {
  return (await readFields(request, MAX_BODY_BYTES, messages))?.email;
}

// ---- Provider ------------------------------------------------------------------------------------

/** A short, user-facing message from the provider's reply, if it has one. */
async function providerMessage(response: Response): Promise<string | undefined> {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return undefined;
    const candidates = [body.message, body.error, body.error_description, Array.isArray(body.errors) ? body.errors[0] : undefined];
    const found = candidates.find((item): item is string => typeof item === "string" && item.trim() !== "");
    return found ? found.trim().slice(0, MAX_PROVIDER_MESSAGE_LENGTH) : undefined;
  } catch {
    return undefined;
  }
}

async function forward(formUrl: string, email: string): Promise<Response> {
  const body = new URLSearchParams();
  body.set(setting("NEWSLETTER_EMAIL_FIELD", "email"), email);
  body.set(setting("NEWSLETTER_SOURCE_FIELD", "fields[source]"), NEWSLETTER_SOURCE);
  const timeoutMs = Number(setting("NEWSLETTER_TIMEOUT_MS", String(DEFAULT_TIMEOUT_MS)));

  const response = await fetch(formUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
    signal: AbortSignal.timeout(Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS),
  });
  const message = await providerMessage(response);
  if (response.ok) return json(200, message ?? messages.success);
  // Relay the provider's status when it is an error status; anything else is a failed call.
  const status = response.status >= 400 && response.status <= 599 ? response.status : 502;
  return json(status, message ?? messages.providerFailed);
}

// ---- Handler -------------------------------------------------------------------------------------

export async function handleSubscribe(request: Request): Promise<Response> {
  if (request.method !== "POST") return json(405, messages.methodNotAllowed, { allow: "POST" });

  let email: unknown;
  try {
    email = await readEmail(request);
  } catch (error) {
    if (error instanceof BodyError) return json(error.status, error.message);
    console.error("newsletter: could not read the request body", error);
    return json(400, messages.malformedJson);
  }
  if (email === undefined || email === null || (typeof email === "string" && email.trim() === "")) {
    return json(400, messages.emailRequired);
  }
  if (typeof email !== "string" || isUnstorableText(email) || !isEmailAddress(email.trim())) return json(400, messages.invalidEmail);
  const address = email.trim();

  const formUrl = process.env.NEWSLETTER_FORM_URL?.trim();
  if (!formUrl) return json(503, messages.notConfigured);

  const flood = await refusal(request, address);
  if (flood) return json(429, messages.rateLimited, { "retry-after": String(flood.retryAfterSeconds) });

  try {
    return await forward(formUrl, address);
  } catch (error) {
    // An unreachable provider, a timeout, a bad URL: logged here, never shown to the caller.
    console.error("newsletter: the provider call failed:", error instanceof Error ? `${error.name}: ${error.message}` : error);
    return json(500, messages.internalError);
  }
}

// ---- Plain HTML form posts ------------------------------------------------------------------------

/**
 * A browser that posts the footer form natively (before the page's JavaScript has loaded, or without
 * it) navigates to this response: it gets a small page with the outcome and a way back, not raw JSON.
 */
async function asHtmlPage(request: Request, response: Response): Promise<Response> {
  const { message } = (await response.json()) as { message: string };
  const heading = response.ok ? "Thanks for subscribing" : "We couldn't subscribe you";
  const headers = Object.fromEntries(response.headers);
  delete headers["content-type"];
  return htmlPage(response.status, heading, `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(sameSiteReferer(request))}">Back to the site</a></p>`, headers);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const response = await handleSubscribe(request);
    return isNativeFormPost(request) ? asHtmlPage(request, response) : response;
  },
};
