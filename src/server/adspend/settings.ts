/**
 * The spend import's settings, parsed from an environment-like record by a pure function (the
 * functions' one settings reader calls it; tests pass plain objects). They reuse what the conversion
 * uploads already configure where the platform allows it:
 * - Meta: the ad account (META_AD_ACCOUNT_ID, with or without "act_") and a token that may read its
 *   insights (`ads_read`): META_ADS_TOKEN, else META_CAPI_TOKEN when the Conversions API's system-user
 *   token was given that permission too; the Graph API's base URL is META_GRAPH_URL, as for conversions.
 * - Google Ads: the same customer, developer token and OAuth client as the conversion uploads
 *   (GOOGLE_ADS_CUSTOMER_ID, GOOGLE_ADS_DEVELOPER_TOKEN, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET,
 *   GOOGLE_ADS_REFRESH_TOKEN, GOOGLE_ADS_LOGIN_CUSTOMER_ID), with no conversion action needed.
 * A platform whose settings are incomplete is not imported.
 */
import {
  baseUrl,
  DEFAULT_META_GRAPH_URL,
  googleAdsAccount,
  read,
  type Env,
  type GoogleAdsAccount,
} from "../conversions/settings.js";

export interface MetaSpendSettings {
  /** The ad account's id, digits only (the API's path adds "act_"). */
  adAccountId: string;
  accessToken: string;
  graphUrl: string;
}

/** The conversion uploads' Google Ads account, with no conversion action. */
export type GoogleSpendSettings = GoogleAdsAccount;

export interface AdSpendSettings {
  meta: MetaSpendSettings | null;
  google: GoogleSpendSettings | null;
}

const digits = (value: string | null) => (value ? value.replace(/^act_/, "").replace(/-/g, "") : null);

export function adSpendSettings(env: Env): AdSpendSettings {
  const adAccountId = digits(read(env, "META_AD_ACCOUNT_ID"));
  const metaToken = read(env, "META_ADS_TOKEN") ?? read(env, "META_CAPI_TOKEN");
  return {
    meta:
      adAccountId && metaToken
        ? {
            adAccountId,
            accessToken: metaToken,
            graphUrl: baseUrl(read(env, "META_GRAPH_URL"), DEFAULT_META_GRAPH_URL),
          }
        : null,
    google: googleAdsAccount(env, digits),
  };
}
