/**
 * Google Ads: click conversions uploaded with `ConversionUploadService.UploadClickConversions`
 * (REST: POST `{GOOGLE_ADS_API_URL}/customers/{id}:uploadClickConversions`, `partialFailure: true`,
 * which Google requires for conversion uploads). With a `gclid` the click is named; without one the
 * upload is an enhanced conversion for leads, matched on the hashed e-mail and phone. `orderId` is
 * the lead's id, so an upload that is repeated counts once; `consent` carries the visitor's choice.
 * A purchase (GOOGLE_ADS_PURCHASE_ACTION) is one per payment: its `orderId` is the payment's id (an
 * order id counts once per conversion action), with `conversionValue` the amount paid in major units
 * and `currencyCode` its currency.
 *
 * Authorisation is OAuth 2.0 with a refresh token (Google's "installed app"/web flow done once by the
 * agency): each access token is fetched from GOOGLE_OAUTH_TOKEN_URL and kept until shortly before it
 * expires. Errors: an RPC-level `{ error: { code, message, status, details } }`, or, for a refused
 * conversion, a 200 with `partialFailureError` whose details hold a GoogleAdsFailure.
 */
import { createHash } from "node:crypto";
import { normaliseEmailForGoogle, phoneE164, sha256Hex } from "./identifiers.js";
import type { GoogleAdsAccount, GoogleAdsSettings } from "./settings.js";
import { clickOf, describeFetchError, type ClaimedEvent, type SendContext, type SendOutcome } from "./types.js";
import { leadValue, purchaseValue } from "./value.js";

export interface TokenCache {
  get(key: string, now: Date): string | null;
  set(key: string, token: string, expiresAt: Date): void;
  delete(key: string): void;
}

/** Access tokens per credentials, kept by the warm function instance until a minute before expiry. */
export function memoryTokenCache(): TokenCache {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  return {
    get: (key, now) => {
      const entry = tokens.get(key);
      return entry && entry.expiresAt - 60_000 > now.getTime() ? entry.token : null;
    },
    set: (key, token, expiresAt) => void tokens.set(key, { token, expiresAt: expiresAt.getTime() }),
    delete: (key) => void tokens.delete(key),
  };
}

const sharedCache = memoryTokenCache();

/** What a refresh-token grant needs: Google Ads' credentials here, Google Calendar's too (calls/google-calendar.ts). */
export type OAuthClient = Pick<GoogleAdsSettings, "tokenUrl" | "clientId" | "clientSecret" | "refreshToken">;

export function cacheKey(settings: OAuthClient): string {
  return createHash("sha256")
    .update(`${settings.tokenUrl}\n${settings.clientId}\n${settings.refreshToken}`)
    .digest("hex");
}

/**
 * Why no access token came: `transient` for what a retry may fix (the OAuth server down, 5xx, 429);
 * `reconnect` when Google refused the refresh token itself (`invalid_grant`: revoked, or expired,
 * as it is after 7 days while the OAuth app is in "Testing"), which only granting access again fixes.
 */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly reconnect = false,
  ) {
    super(message);
  }

  /** The outcome of a send that got no token (a conversion's, a calendar event's), for the outbox. */
  outcome(): { kind: "retry" | "failed"; error: string; reconnect?: boolean } {
    return {
      kind: this.transient ? "retry" : "failed",
      error: this.message,
      ...(this.reconnect ? { reconnect: true } : {}),
    };
  }
}

/** An access token for `settings`, from the cache or Google's OAuth server; a TokenError says why not. */
export async function accessToken(
  settings: OAuthClient,
  context: Pick<SendContext, "fetch" | "now" | "timeoutMs">,
  cache: TokenCache = sharedCache,
): Promise<string> {
  const key = cacheKey(settings);
  const cached = cache.get(key, context.now);
  if (cached) return cached;
  let response: Response;
  try {
    response = await context.fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        refresh_token: settings.refreshToken,
      }),
      signal: AbortSignal.timeout(context.timeoutMs),
    });
  } catch (caught) {
    throw new TokenError(describeFetchError(caught, "Google's OAuth server", context.timeoutMs), true);
  }
  const answer = (await response.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  } | null;
  if (!response.ok || !answer?.access_token) {
    const reason = answer?.error
      ? `${answer.error}${answer.error_description ? `: ${answer.error_description}` : ""}`
      : `status ${response.status}`;
    throw new TokenError(
      `Google's OAuth server refused the refresh token (${reason}).`,
      response.status >= 500 || response.status === 429,
      answer?.error === "invalid_grant",
    );
  }
  cache.set(key, answer.access_token, new Date(context.now.getTime() + (answer.expires_in ?? 3600) * 1000));
  return answer.access_token;
}

/** `yyyy-mm-dd hh:mm:ss+00:00`, the format Google requires for conversionDateTime. */
function googleDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")}+00:00`;
}

function buildClickConversion(event: ClaimedEvent, action: string): Record<string, unknown> {
  const conversion: Record<string, unknown> = {
    conversionAction: action,
    conversionDateTime: googleDateTime(new Date(event.event_time)),
    orderId: event.event === "purchase" ? event.payment_id : event.lead_id,
    consent: {
      adUserData: event.ad_user_data ? "GRANTED" : "DENIED",
      adPersonalization: event.ad_personalization ? "GRANTED" : "DENIED",
    },
  };
  const click = clickOf(event, "gclid");
  if (click) conversion.gclid = click.id;
  else {
    const identifiers: Record<string, string>[] = [{ hashedEmail: sha256Hex(normaliseEmailForGoogle(event.email)) }];
    const phone = event.phone ? phoneE164(event.phone) : null;
    if (phone) identifiers.push({ hashedPhoneNumber: sha256Hex(phone) });
    conversion.userIdentifiers = identifiers;
  }
  const value =
    event.event === "qualified" ? leadValue(event) : event.event === "purchase" ? purchaseValue(event) : null;
  if (value) {
    conversion.conversionValue = value.amount;
    conversion.currencyCode = value.currency;
  }
  return conversion;
}

interface GoogleAdsError {
  errorCode?: Record<string, string>;
  message?: string;
}

/** The API's error: on its own, as an upload's partial failure, or in a search stream's batch. */
export interface GoogleStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { "@type"?: string; errors?: GoogleAdsError[] }[];
}

/** The Google Ads errors a status holds (a GoogleAdsFailure's), each with its code by kind. */
export function errorsOf(status: GoogleStatus | undefined): GoogleAdsError[] {
  return (status?.details ?? []).flatMap((detail) => detail.errors ?? []);
}

/**
 * A POST of `body` to the Google Ads API for the account's customer (`customers/{id}{method}`:
 * `:uploadClickConversions`, `/googleAds:searchStream`) with the access token, the developer token
 * and, for a manager's access, the login customer; bounded by `timeoutMs`. A network failure or the
 * timeout throws, for the caller to say in its own terms (describeFetchError).
 */
export function postToGoogleAds(
  settings: GoogleAdsAccount,
  method: string,
  body: unknown,
  token: string,
  context: Pick<SendContext, "fetch" | "timeoutMs">,
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    authorization: `Bearer ${token}`,
    "developer-token": settings.developerToken,
  };
  if (settings.loginCustomerId) headers["login-customer-id"] = settings.loginCustomerId;
  return context.fetch(`${settings.apiUrl}/customers/${encodeURIComponent(settings.customerId)}${method}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(context.timeoutMs),
  });
}

function describe(prefix: string, status: GoogleStatus | undefined): string {
  const errors = errorsOf(status);
  const codes = errors
    .map((error) =>
      Object.entries(error.errorCode ?? {})
        .map(([kind, code]) => `${kind}.${code}`)
        .join(","),
    )
    .filter(Boolean);
  const messages = errors.map((error) => error.message).filter(Boolean);
  return `${prefix}: ${messages.length ? messages.join("; ") : (status?.message ?? "no message")}${codes.length ? ` [${codes.join("; ")}]` : ""}`;
}

export async function sendToGoogle(
  event: ClaimedEvent,
  settings: GoogleAdsSettings,
  context: SendContext,
  cache: TokenCache = sharedCache,
): Promise<SendOutcome> {
  const action = settings.actions[event.event];
  if (!action) return { kind: "skipped", reason: "not_configured" };
  let token: string;
  try {
    token = await accessToken(settings, context, cache);
  } catch (caught) {
    if (caught instanceof TokenError) return caught.outcome();
    throw caught;
  }
  const conversion = buildClickConversion(event, action);
  let response: Response;
  try {
    response = await postToGoogleAds(
      settings,
      ":uploadClickConversions",
      { conversions: [conversion], partialFailure: true },
      token,
      context,
    );
  } catch (caught) {
    return { kind: "retry", error: describeFetchError(caught, "Google Ads", context.timeoutMs) };
  }
  const answer = (await response.json().catch(() => null)) as {
    results?: unknown[];
    partialFailureError?: GoogleStatus;
    error?: GoogleStatus;
  } | null;
  if (!response.ok) {
    // An access token revoked or expired early: forget it, so the next attempt asks for a new one.
    if (response.status === 401) cache.delete(cacheKey(settings));
    const transient = response.status === 401 || response.status === 429 || response.status >= 500;
    return {
      kind: transient ? "retry" : "failed",
      error: describe(`Google Ads answered ${response.status}`, answer?.error),
      response: answer ?? undefined,
    };
  }
  const partial = answer?.partialFailureError;
  if (partial && (partial.code ?? 0) !== 0) {
    // The same conversion uploaded before (a retry after a lost answer) already counts once.
    const duplicate = errorsOf(partial).some(
      (error) => error.errorCode?.conversionUploadError === "CLICK_CONVERSION_ALREADY_EXISTS",
    );
    if (duplicate) return { kind: "delivered", response: answer };
    return { kind: "failed", error: describe("Google Ads refused the conversion", partial), response: answer };
  }
  const value =
    typeof conversion.conversionValue === "number"
      ? { amount: conversion.conversionValue, currency: String(conversion.currencyCode) }
      : undefined;
  return { kind: "delivered", response: answer, ...(value ? { value } : {}) };
}
