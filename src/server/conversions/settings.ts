/**
 * The conversions' settings, parsed from an environment-like record by a pure function, so the
 * functions' one settings reader can call it and tests can pass plain objects. Every setting is
 * optional: a platform whose settings are incomplete is not configured, and its events are skipped
 * as 'not_configured' (the admin's lead page says so).
 */
export const DEFAULT_META_GRAPH_URL = "https://graph.facebook.com/v26.0";
export const DEFAULT_GOOGLE_ADS_API_URL = "https://googleads.googleapis.com/v26";
export const DEFAULT_GOOGLE_OAUTH_TOKEN_URL = "https://oauth2.googleapis.com/token";

export interface MetaSettings {
  pixelId: string;
  accessToken: string;
  testEventCode: string | null;
  graphUrl: string;
}

/** A Google Ads account and the OAuth client that acts for it: what the uploads and the spend import share. */
export interface GoogleAdsAccount {
  customerId: string;
  loginCustomerId: string | null;
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface GoogleAdsSettings extends GoogleAdsAccount {
  /** Conversion action resource names (customers/<id>/conversionActions/<id>), by outbox event. */
  actions: { lead: string | null; qualified: string | null; scheduled: string | null; purchase: string | null };
}

export interface ConversionSettings {
  meta: MetaSettings | null;
  google: GoogleAdsSettings | null;
  /** The bearer secret Vercel Cron sends; without it the cron endpoint refuses every call. */
  cronSecret: string | null;
  /** Server-only; never a VITE_ variable. */
  serviceRoleKey: string | null;
}

export type Env = Record<string, string | undefined>;

/** A setting's value, trimmed; null when unset or blank. */
export const read = (env: Env, name: string) => env[name]?.trim() || null;
/** An API's base URL, the platform's own when unset, without a trailing slash. */
export const baseUrl = (value: string | null, fallback: string) => (value ?? fallback).replace(/\/+$/, "");
/** Google's customer ids are written 123-456-7890 in its UI; the API takes the digits. */
const customerId = (value: string | null) => (value ? value.replace(/-/g, "") : null);

export function conversionSettings(env: Env): ConversionSettings {
  const pixelId = read(env, "META_PIXEL_ID");
  const metaToken = read(env, "META_CAPI_TOKEN");
  const meta: MetaSettings | null =
    pixelId && metaToken
      ? {
          pixelId,
          accessToken: metaToken,
          testEventCode: read(env, "META_TEST_EVENT_CODE"),
          graphUrl: baseUrl(read(env, "META_GRAPH_URL"), DEFAULT_META_GRAPH_URL),
        }
      : null;

  const account = googleAdsAccount(env);
  const lead = read(env, "GOOGLE_ADS_LEAD_ACTION");
  const qualified = read(env, "GOOGLE_ADS_QUALIFIED_ACTION");
  // A discovery call booked on the site (the `scheduled` event).
  const scheduled = read(env, "GOOGLE_ADS_BOOKED_ACTION");
  // A payment counted (the `purchase` event), with the amount paid as its value.
  const purchase = read(env, "GOOGLE_ADS_PURCHASE_ACTION");

  return {
    meta,
    google:
      account && (lead || qualified || scheduled || purchase)
        ? { ...account, actions: { lead, qualified, scheduled, purchase } }
        : null,
    cronSecret: read(env, "CRON_SECRET"),
    serviceRoleKey: read(env, "SUPABASE_SERVICE_ROLE_KEY"),
  };
}

/**
 * The Google Ads account the settings name (the uploads' and the spend import's), or null while any
 * of its credentials is missing. `ids` reads a customer id: by default its digits, as Google's UI
 * writes them with dashes; the spend import's reader also drops an "act_" (Meta's prefix).
 */
export function googleAdsAccount(env: Env, ids = customerId): GoogleAdsAccount | null {
  const required = {
    customerId: ids(read(env, "GOOGLE_ADS_CUSTOMER_ID")),
    developerToken: read(env, "GOOGLE_ADS_DEVELOPER_TOKEN"),
    clientId: read(env, "GOOGLE_ADS_CLIENT_ID"),
    clientSecret: read(env, "GOOGLE_ADS_CLIENT_SECRET"),
    refreshToken: read(env, "GOOGLE_ADS_REFRESH_TOKEN"),
  };
  if (!Object.values(required).every(Boolean)) return null;
  return {
    customerId: required.customerId!,
    loginCustomerId: ids(read(env, "GOOGLE_ADS_LOGIN_CUSTOMER_ID")),
    developerToken: required.developerToken!,
    clientId: required.clientId!,
    clientSecret: required.clientSecret!,
    refreshToken: required.refreshToken!,
    apiUrl: baseUrl(read(env, "GOOGLE_ADS_API_URL"), DEFAULT_GOOGLE_ADS_API_URL),
    tokenUrl: read(env, "GOOGLE_OAUTH_TOKEN_URL") ?? DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
  };
}
