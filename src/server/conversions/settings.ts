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

  const google = {
    customerId: customerId(read(env, "GOOGLE_ADS_CUSTOMER_ID")),
    developerToken: read(env, "GOOGLE_ADS_DEVELOPER_TOKEN"),
    clientId: read(env, "GOOGLE_ADS_CLIENT_ID"),
    clientSecret: read(env, "GOOGLE_ADS_CLIENT_SECRET"),
    refreshToken: read(env, "GOOGLE_ADS_REFRESH_TOKEN"),
  };
  const lead = read(env, "GOOGLE_ADS_LEAD_ACTION");
  const qualified = read(env, "GOOGLE_ADS_QUALIFIED_ACTION");
  // A discovery call booked on the site (the `scheduled` event).
  const scheduled = read(env, "GOOGLE_ADS_BOOKED_ACTION");
  // A payment counted (the `purchase` event), with the amount paid as its value.
  const purchase = read(env, "GOOGLE_ADS_PURCHASE_ACTION");
  const googleComplete = Object.values(google).every(Boolean) && (lead || qualified || scheduled || purchase);

  return {
    meta,
    google: googleComplete
      ? {
          customerId: google.customerId!,
          loginCustomerId: customerId(read(env, "GOOGLE_ADS_LOGIN_CUSTOMER_ID")),
          developerToken: google.developerToken!,
          clientId: google.clientId!,
          clientSecret: google.clientSecret!,
          refreshToken: google.refreshToken!,
          actions: { lead, qualified, scheduled, purchase },
          apiUrl: baseUrl(read(env, "GOOGLE_ADS_API_URL"), DEFAULT_GOOGLE_ADS_API_URL),
          tokenUrl: read(env, "GOOGLE_OAUTH_TOKEN_URL") ?? DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
        }
      : null,
    cronSecret: read(env, "CRON_SECRET"),
    serviceRoleKey: read(env, "SUPABASE_SERVICE_ROLE_KEY"),
  };
}
