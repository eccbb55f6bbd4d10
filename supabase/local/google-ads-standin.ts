import { randomBytes } from "node:crypto";
import { DEFAULT_GOOGLE_ADS_API_URL } from "../../src/server/conversions/settings.ts";
import { answerGoogleSpend, seededFixture, setFixture, type SpendFixture } from "./ad-spend-standin.ts";
import type { WebHandler } from "./node-http.ts";
import { apiVersionOf, countedOnce, reply, route, type Received } from "./platform-standin.ts";

/**
 * A local stand-in for Google's OAuth token endpoint and the Google Ads API's
 * `customers/{id}:uploadClickConversions`, for development and tests only: the dev and preview
 * servers mount it when GOOGLE_ADS_CUSTOMER_ID is not configured and point the conversions at it
 * with fake credentials (see conversion-standins.ts). It checks what Google checks and answers in
 * Google's shapes:
 * - `POST <path>/token`: the refresh-token grant with the right client (401 invalid_client) and
 *   refresh token (400 invalid_grant); answers `{ access_token, expires_in, scope, token_type }`;
 * - uploads: a bearer token it issued (401 UNAUTHENTICATED), the developer token, the customer id
 *   and login-customer-id as digits, `partialFailure: true` (required for conversion uploads);
 *   per conversion: a known conversion action resource name, `conversionDateTime` as
 *   `yyyy-mm-dd hh:mm:ss+hh:mm` and not in the future, a gclid or user identifiers with exactly one
 *   SHA-256 hash each, consent values, value (a number, not below zero) with a three-letter
 *   currency; the purchase action (GOOGLE_ADS_PURCHASE_ACTION) takes each conversion's own value, so
 *   a purchase without one is refused here rather than counted at a default. A refused conversion is a 200 with
 *   `partialFailureError` (a GoogleAdsFailure); a repeated order id for the same action is refused as
 *   CLICK_CONVERSION_ALREADY_EXISTS and not counted again.
 * `down = true` answers 503 UNAVAILABLE. `GET <path>` lists what it received.
 * It also answers `customers/{id}/googleAds:searchStream`, the spend import's reads, for the same
 * caller, from `spend` (ad-spend-standin.ts; `POST <path>/spend` sets it).
 */
const GOOGLE_ADS_STANDIN_PATH = "/__local/google-ads";
/** The Google Ads API version the functions call by default (`v26`), so the stand-in answers the same path. */
export const GOOGLE_ADS_STANDIN_VERSION = apiVersionOf(DEFAULT_GOOGLE_ADS_API_URL);
/** What `GET <path>` says its list is. */
const LISTING_NOTE =
  "Local development: conversions the dispatcher uploaded to Google Ads (nothing left this machine).";

type GoogleReceived = Received<{
  customerId: string;
  loginCustomerId: string | null;
  conversion: Record<string, unknown>;
}>;

export interface GoogleAdsStandin {
  path: string;
  handler: WebHandler;
  received: GoogleReceived[];
  deliveries(): GoogleReceived[];
  tokenRequests: number;
  down: boolean;
  /** The customer's spend, which searchStream answers from. */
  spend: SpendFixture;
  credentials: {
    customerId: string;
    loginCustomerId: string;
    developerToken: string;
    clientId: string;
    clientSecret: string;
    refreshToken: string;
    leadAction: string;
    qualifiedAction: string;
    bookedAction: string;
    purchaseAction: string;
  };
}

const HASH = /^[0-9a-f]{64}$/;
const DATE_TIME = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)([+-]\d\d:\d\d)$/;
const CONSENT = new Set(["GRANTED", "DENIED", "UNSPECIFIED", "UNKNOWN"]);

function rpcError(
  status: number,
  grpcStatus: string,
  message: string,
  errors: { errorCode: Record<string, string>; message: string }[] = [],
): Response {
  const details = errors.length
    ? [
        {
          "@type": `type.googleapis.com/google.ads.googleads.${GOOGLE_ADS_STANDIN_VERSION}.errors.GoogleAdsFailure`,
          errors,
          requestId: randomBytes(8).toString("hex"),
        },
      ]
    : [];
  return reply(status, { error: { code: status, message, status: grpcStatus, details } });
}

function parseDateTime(value: unknown): Date | null {
  const match = typeof value === "string" ? DATE_TIME.exec(value) : null;
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}${match[3]}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

type AdsError = { errorCode: Record<string, string>; message: string };
type Credentials = GoogleAdsStandin["credentials"];

/** What the stand-in keeps between requests. */
interface StandinState {
  credentials: Credentials;
  /** The access tokens it issued. */
  tokens: Set<string>;
  received: GoogleReceived[];
  /** Each accepted conversion's action and order id (or gclid), to refuse a repeat. */
  seen: Set<string>;
  now: () => Date;
}

/** Fake credentials, fresh for each stand-in, that the functions are configured with. */
function makeCredentials(): Credentials {
  const customerId = "1234567890";
  return {
    customerId,
    loginCustomerId: "9876543210",
    developerToken: `local-dev-token-${randomBytes(4).toString("hex")}`,
    clientId: "local-client.apps.googleusercontent.com",
    clientSecret: `local-secret-${randomBytes(6).toString("hex")}`,
    refreshToken: `1//local-refresh-${randomBytes(6).toString("hex")}`,
    leadAction: `customers/${customerId}/conversionActions/111`,
    qualifiedAction: `customers/${customerId}/conversionActions/222`,
    bookedAction: `customers/${customerId}/conversionActions/333`,
    purchaseAction: `customers/${customerId}/conversionActions/444`,
  };
}

/** A conversion without a gclid: one to five user identifiers, each exactly one SHA-256 hash. */
function identifierErrors(identifiers: unknown): AdsError[] {
  if (!Array.isArray(identifiers) || identifiers.length === 0)
    return [
      {
        errorCode: { requestError: "REQUIRED_FIELD_MISSING" },
        message: "A gclid, gbraid, wbraid or user identifiers are required.",
      },
    ];
  if (identifiers.length > 5)
    return [{ errorCode: { collectionSizeError: "TOO_MANY" }, message: "At most five user identifiers." }];
  return (identifiers as Record<string, unknown>[]).flatMap((identifier) => {
    const keys = Object.keys(identifier ?? {}).filter((key) => key !== "userIdentifierSource");
    const valid =
      keys.length === 1 &&
      ["hashedEmail", "hashedPhoneNumber"].includes(keys[0]!) &&
      HASH.test(String(identifier[keys[0]!]));
    return valid
      ? []
      : [
          {
            errorCode: { fieldError: "INVALID_VALUE" },
            message: "Each user identifier holds exactly one SHA-256 hash (64 lowercase hex characters).",
          },
        ];
  });
}

/** What Google would refuse in one conversion, in the order it checks. */
function conversionErrors(conversion: Record<string, unknown>, { credentials, now }: StandinState): AdsError[] {
  const errors: AdsError[] = [];
  const fail = (errorCode: Record<string, string>, message: string) => errors.push({ errorCode, message });
  if (
    conversion.conversionAction !== credentials.leadAction &&
    conversion.conversionAction !== credentials.qualifiedAction &&
    conversion.conversionAction !== credentials.bookedAction &&
    conversion.conversionAction !== credentials.purchaseAction
  ) {
    fail(
      { conversionUploadError: "INVALID_CONVERSION_ACTION" },
      "The conversion action specified in the upload request cannot be found.",
    );
  }
  const time = parseDateTime(conversion.conversionDateTime);
  if (!time) fail({ dateError: "INVALID_FIELD_FORMAT" }, "conversionDateTime must be yyyy-mm-dd hh:mm:ss+|-hh:mm.");
  else if (time.getTime() > now().getTime() + 60_000)
    fail({ conversionUploadError: "CONVERSION_PRECEDES_EVENT" }, "The conversion time is in the future.");
  if (conversion.gclid === undefined) errors.push(...identifierErrors(conversion.userIdentifiers));
  else if (typeof conversion.gclid !== "string" || !conversion.gclid)
    fail({ conversionUploadError: "UNPARSEABLE_GCLID" }, "The gclid could not be decoded.");
  const consent = conversion.consent as Record<string, unknown> | undefined;
  if (
    consent &&
    (![undefined, ...CONSENT].includes(consent.adUserData as string) ||
      ![undefined, ...CONSENT].includes(consent.adPersonalization as string))
  ) {
    fail({ fieldError: "INVALID_VALUE" }, "consent values are GRANTED, DENIED, UNSPECIFIED or UNKNOWN.");
  }
  if (
    conversion.conversionValue !== undefined &&
    (typeof conversion.conversionValue !== "number" ||
      !Number.isFinite(conversion.conversionValue) ||
      conversion.conversionValue < 0 ||
      !/^[A-Z]{3}$/.test(String(conversion.currencyCode)))
  ) {
    fail(
      { fieldError: "INVALID_VALUE" },
      "conversionValue is a number, not below zero, with a three-letter currencyCode.",
    );
  } else if (conversion.conversionAction === credentials.purchaseAction && conversion.conversionValue === undefined) {
    fail(
      { fieldError: "REQUIRED" },
      "The purchase action takes each conversion's own value: conversionValue and currencyCode are required.",
    );
  }
  return errors;
}

/** POST <path>/token: the refresh-token grant, for the configured client and refresh token only. */
async function grantToken({ credentials, tokens }: StandinState, request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (form.get("grant_type") !== "refresh_token")
    return reply(400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." });
  if (form.get("client_id") !== credentials.clientId || form.get("client_secret") !== credentials.clientSecret)
    return reply(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
  if (form.get("refresh_token") !== credentials.refreshToken)
    return reply(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
  const token = `ya29.local-${randomBytes(12).toString("hex")}`;
  tokens.add(token);
  return reply(200, {
    access_token: token,
    expires_in: 3599,
    scope: "https://www.googleapis.com/auth/adwords",
    token_type: "Bearer",
  });
}

/**
 * An upload's credentials, as Google checks them: an access token it issued, the developer token,
 * a 10-digit login-customer-id (when sent) and the configured customer. Answers the refusal, or
 * the login-customer-id.
 */
function checkUploadCaller(
  { credentials, tokens }: StandinState,
  request: Request,
  customerId: string,
): Response | { login: string | null } {
  const token = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token || !tokens.has(token))
    return rpcError(
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    );
  if (request.headers.get("developer-token") !== credentials.developerToken) {
    return rpcError(401, "UNAUTHENTICATED", "The developer token is not valid.", [
      {
        errorCode: { authenticationError: "DEVELOPER_TOKEN_INVALID" },
        message: "The developer token is not valid.",
      },
    ]);
  }
  const login = request.headers.get("login-customer-id");
  if (login !== null && !/^\d{10}$/.test(login))
    return rpcError(400, "INVALID_ARGUMENT", "Invalid login-customer-id header.", [
      {
        errorCode: { authenticationError: "LOGIN_CUSTOMER_ID_PARAMETER_INVALID" },
        message: "The login-customer-id header must be 10 digits.",
      },
    ]);
  if (customerId !== credentials.customerId)
    return rpcError(403, "PERMISSION_DENIED", "The caller does not have permission", [
      {
        errorCode: { authorizationError: "USER_PERMISSION_DENIED" },
        message: "User doesn't have permission to access customer.",
      },
    ]);
  return { login };
}

/** The request's conversions, if it is `{ conversions: [1 to 2000], partialFailure: true }`; else the refusal. */
async function readConversions(request: Request): Promise<Record<string, unknown>[] | Response> {
  const body = (await request.json().catch(() => null)) as {
    conversions?: unknown;
    partialFailure?: unknown;
  } | null;
  if (!body || body.partialFailure !== true)
    return rpcError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
      {
        errorCode: { requestError: "INVALID_INPUT" },
        message: "partial_failure must be true for conversion uploads.",
      },
    ]);
  if (!Array.isArray(body.conversions) || body.conversions.length === 0 || body.conversions.length > 2000) {
    return rpcError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
      {
        errorCode: { requestError: "REQUIRED_FIELD_MISSING" },
        message: "conversions must hold 1 to 2000 conversions.",
      },
    ]);
  }
  return body.conversions as Record<string, unknown>[];
}

/**
 * POST <path>/<version>/customers/{id}:uploadClickConversions: each valid conversion not seen
 * before is received and has a result; the others are a partial failure at their index.
 */
async function uploadClickConversions(state: StandinState, request: Request, customerId: string): Promise<Response> {
  const caller = checkUploadCaller(state, request, customerId);
  if (caller instanceof Response) return caller;
  const conversions = await readConversions(request);
  if (conversions instanceof Response) return conversions;
  const failures: (AdsError & { location: unknown })[] = [];
  const results = conversions.map((conversion, index) => {
    const errors = conversionErrors(conversion ?? {}, state);
    const key = `${String(conversion?.conversionAction)}\n${String(conversion?.orderId ?? conversion?.gclid)}`;
    if (!errors.length && state.seen.has(key))
      errors.push({
        errorCode: { conversionUploadError: "CLICK_CONVERSION_ALREADY_EXISTS" },
        message: "This conversion has already been uploaded.",
      });
    if (errors.length) {
      for (const error of errors)
        failures.push({ ...error, location: { fieldPathElements: [{ fieldName: "conversions", index }] } });
      return {};
    }
    state.seen.add(key);
    state.received.push({
      at: state.now().toISOString(),
      customerId,
      loginCustomerId: caller.login,
      conversion,
      duplicate: false,
    });
    return {
      ...(conversion.gclid ? { gclid: conversion.gclid } : {}),
      conversionAction: conversion.conversionAction,
      conversionDateTime: conversion.conversionDateTime,
    };
  });
  const jobId = String(Number.parseInt(randomBytes(4).toString("hex"), 16));
  if (!failures.length) return reply(200, { results, jobId });
  return reply(200, {
    partialFailureError: {
      code: 3,
      message: failures.map((failure) => failure.message).join(", "),
      details: [
        {
          "@type": `type.googleapis.com/google.ads.googleads.${GOOGLE_ADS_STANDIN_VERSION}.errors.GoogleAdsFailure`,
          errors: failures,
          requestId: randomBytes(8).toString("hex"),
        },
      ],
    },
    results,
    jobId,
  });
}

export function createGoogleAdsStandin(
  path = GOOGLE_ADS_STANDIN_PATH,
  now: () => Date = () => new Date(),
): GoogleAdsStandin {
  const state: StandinState = {
    credentials: makeCredentials(),
    tokens: new Set<string>(),
    received: [],
    seen: new Set<string>(),
    now,
  };
  const { received } = state;

  const standin: GoogleAdsStandin = {
    path,
    received,
    tokenRequests: 0,
    down: false,
    spend: seededFixture("google", now()),
    credentials: state.credentials,
    deliveries: () => countedOnce(received),
    handler: async (request) => {
      const { rest, listing } = route(request, path, LISTING_NOTE, received);
      if (listing) return listing;
      if (standin.down) return rpcError(503, "UNAVAILABLE", "The service is currently unavailable.");
      if (rest === "/token" && request.method === "POST") {
        standin.tokenRequests += 1;
        return grantToken(state, request);
      }
      if (rest === "/spend" && request.method === "POST") return setFixture(standin.spend, request);
      const stream = /^\/v\d+\/customers\/([^/:]+)\/googleAds:searchStream$/.exec(rest);
      if (stream && request.method === "POST") {
        const caller = checkUploadCaller(state, request, stream[1]!);
        if (caller instanceof Response) return caller;
        return answerGoogleSpend(standin.spend, request, stream[1]!, GOOGLE_ADS_STANDIN_VERSION);
      }
      const match = /^\/(v\d+)\/customers\/([^/:]+):uploadClickConversions$/.exec(rest);
      if (!match || request.method !== "POST")
        return rpcError(404, "NOT_FOUND", "The requested URL was not found on this server.");
      return uploadClickConversions(state, request, match[2]!);
    },
  };
  return standin;
}
