/**
 * POST /api/subscribe: the newsletter sign-up (api/subscribe.ts is the adapter Vercel runs). It
 * validates the address, refuses floods (429) counted in Postgres (request-limits.ts), then forwards a
 * form-encoded POST to the provider's public subscribe-form endpoint (NEWSLETTER_FORM_URL, with the
 * field names of settings.newsletter) and relays the outcome as `{ message }`. A browser that posts
 * the footer form natively gets a small page with the outcome and a way back, not raw JSON.
 */
import { FUNCTION_LIMITS, subscribeFunctionCopy } from "../content/functions.js";
import { escapeHtml, isEmailAddress } from "../lib/text.js";
import { BodyError, htmlPage, isNativeFormPost, json, readFields, sameSiteReferer } from "./http.js";
import type { RateLimiter } from "./rate-limit.js";
import { MemoryRateLimiter } from "./rate-limit-memory.js";
import { refuseFlood, serverLimiter } from "./request-limits.js";
import { recordServiceOutcome } from "./integrations/health.js";
import type { ServerSettings } from "./settings.js";
import { isUnstorableText } from "./unstorable-text.js";

const NEWSLETTER_SOURCE = subscribeFunctionCopy.source;
export const MAX_BODY_BYTES = FUNCTION_LIMITS.subscribeBodyBytes;
const MAX_PROVIDER_MESSAGE_LENGTH = 300;

/** Rate limit: attempts allowed per window, per address and per client IP. */
export const RATE_LIMIT = { windowMs: 10 * 60_000, perAddress: 5, perIp: 20 } as const;

const messages = subscribeFunctionCopy.messages;

export interface SubscribeDependencies {
  settings: () => ServerSettings;
  /** Counts sign-ups (default: the shared Postgres limiter over the functions' Supabase). */
  limiter?: RateLimiter;
  /** How the function reaches the provider (default: global fetch). */
  fetch?: typeof fetch;
  /** How it reaches Supabase to count (default: global fetch). */
  supabaseFetch?: typeof fetch;
  /** The time of a sign-up, for its rate limit (tests pass a clock). */
  now?: () => Date;
}

const reply = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { message }, headers);

/** A short, user-facing message from the provider's reply, if it has one. */
async function providerMessage(response: Response): Promise<string | undefined> {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return undefined;
    const candidates = [
      body.message,
      body.error,
      body.error_description,
      Array.isArray(body.errors) ? body.errors[0] : undefined,
    ];
    const found = candidates.find((item): item is string => typeof item === "string" && item.trim() !== "");
    return found ? found.trim().slice(0, MAX_PROVIDER_MESSAGE_LENGTH) : undefined;
  } catch {
    return undefined;
  }
}

async function forward(newsletter: ServerSettings["newsletter"], email: string, send: typeof fetch): Promise<Response> {
  const body = new URLSearchParams();
  body.set(newsletter.emailField, email);
  body.set(newsletter.sourceField, NEWSLETTER_SOURCE);
  const response = await send(newsletter.formUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
    signal: AbortSignal.timeout(newsletter.timeoutMs),
  });
  const message = await providerMessage(response);
  if (response.ok) return reply(200, message ?? messages.success);
  // Relay the provider's status when it is an error status; anything else is a failed call.
  const status = response.status >= 400 && response.status <= 599 ? response.status : 502;
  return reply(status, message ?? messages.providerFailed);
}

async function subscribe(request: Request, deps: SubscribeDependencies, fallback: RateLimiter): Promise<Response> {
  if (request.method !== "POST") return reply(405, messages.methodNotAllowed, { allow: "POST" });

  let email: unknown;
  try {
    email = (await readFields(request, MAX_BODY_BYTES, messages))?.email;
  } catch (error) {
    if (error instanceof BodyError) return reply(error.status, error.message);
    console.error("newsletter: could not read the request body", error);
    return reply(400, messages.malformedJson);
  }
  if (email === undefined || email === null || (typeof email === "string" && email.trim() === ""))
    return reply(400, messages.emailRequired);
  if (typeof email !== "string" || isUnstorableText(email) || !isEmailAddress(email.trim()))
    return reply(400, messages.invalidEmail);
  const address = email.trim();

  const settings = deps.settings();
  const { newsletter } = settings;
  if (!newsletter.formUrl) return reply(503, messages.notConfigured);

  const limiter =
    deps.limiter ?? serverLimiter(settings, request.url, fallback, { fetch: deps.supabaseFetch }, deps.now);
  const flood = await refuseFlood(limiter, request, "subscribe", RATE_LIMIT, address);
  if (flood) return reply(429, messages.rateLimited, { "retry-after": String(flood.retryAfterSeconds) });

  // What the provider did, for the admin's Integrations screen (integrations/health.ts): a refusal
  // of the visitor's address (400, 422) is no failure of the service.
  const record = (ok: boolean, message?: string) =>
    recordServiceOutcome(
      settings,
      request.url,
      { service: "newsletter", ok, at: (deps.now?.() ?? new Date()).toISOString(), ...(message ? { message } : {}) },
      deps.supabaseFetch,
    );
  try {
    const response = await forward(newsletter, address, deps.fetch ?? fetch);
    if (response.ok) await record(true);
    else if (PROVIDER_FAULTS.has(response.status) || response.status >= 500)
      await record(false, `The newsletter provider answered ${response.status} to a sign-up.`);
    return response;
  } catch (error) {
    // An unreachable provider, a timeout, a bad URL: logged here, never shown to the caller.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error("newsletter: the provider call failed:", reason);
    await record(false, `The newsletter provider could not be reached: ${reason}`);
    return reply(500, messages.internalError);
  }
}

/** The provider's answers that say its settings are wrong (the form's URL, a key), not the address. */
const PROVIDER_FAULTS = new Set([401, 403, 404]);

/** The outcome as a page, for a browser that posted the footer form itself. */
async function asHtmlPage(request: Request, response: Response): Promise<Response> {
  const { message } = (await response.json()) as { message: string };
  const page = subscribeFunctionCopy.page;
  const headers = Object.fromEntries(response.headers);
  delete headers["content-type"];
  const body = `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(sameSiteReferer(request))}">${escapeHtml(page.back)}</a></p>`;
  return htmlPage(response.status, response.ok ? page.subscribed : page.failed, body, headers);
}

/** One handler per function instance: it keeps the instance's fallback count of sign-ups. */
export function createSubscribeHandler(deps: SubscribeDependencies) {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});
  return async function handleSubscribe(request: Request): Promise<Response> {
    const response = await subscribe(request, deps, fallback);
    return isNativeFormPost(request) ? asHtmlPage(request, response) : response;
  };
}
