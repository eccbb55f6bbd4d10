import type { Server as HttpServer } from "node:http";
import type { Connect, Logger } from "vite";
import { createGoogleCalendarStandin, googleCalendarStandinSettings } from "./google-calendar-standin.ts";
import { createGoogleAdsStandin, GOOGLE_ADS_STANDIN_VERSION, type GoogleAdsStandin } from "./google-ads-standin.ts";
import { createMetaStandin, META_STANDIN_VERSION, type MetaStandin } from "./meta-standin.ts";
import { localOrigin, webMiddleware, whenListening } from "./node-http.ts";

/**
 * Mounts the Meta, Google Ads and Google Calendar stand-ins on the dev and preview servers, each when
 * its platform is not configured (META_PIXEL_ID, GOOGLE_ADS_CUSTOMER_ID, GOOGLE_CALENDAR_CLIENT_ID), and points the conversions' settings at
 * them with the stand-ins' fake credentials, so that `npm run dev` sends every lead's events
 * end to end without leaving the machine. A marker remembers the values set here, so a restart
 * mounts them again. CRON_SECRET gets a local value when unset, so the cron endpoint can be called.
 */
const MARKER = "LOCAL_STANDIN_CONVERSIONS";

/** The CRON_SECRET the dev and preview servers set when none is configured (what a test's cron call sends). */
export const LOCAL_CRON_SECRET = "local-cron-secret";

/** The settings that point the conversions at a Meta stand-in served at `origin` (also the tests'). */
export function metaStandinSettings(
  origin: string,
  meta: Pick<MetaStandin, "path" | "credentials">,
): Record<string, string> {
  return {
    META_GRAPH_URL: `${origin}${meta.path}/${META_STANDIN_VERSION}`,
    META_PIXEL_ID: meta.credentials.pixelId,
    META_CAPI_TOKEN: meta.credentials.accessToken,
    // The spend import reads the same stand-in's ad account with the same token.
    META_AD_ACCOUNT_ID: meta.credentials.adAccountId,
  };
}

/** The settings that point the conversions at a Google Ads stand-in served at `origin` (also the tests'). */
export function googleAdsStandinSettings(
  origin: string,
  google: Pick<GoogleAdsStandin, "path" | "credentials">,
): Record<string, string> {
  const c = google.credentials;
  return {
    GOOGLE_ADS_API_URL: `${origin}${google.path}/${GOOGLE_ADS_STANDIN_VERSION}`,
    GOOGLE_OAUTH_TOKEN_URL: `${origin}${google.path}/token`,
    GOOGLE_ADS_CUSTOMER_ID: c.customerId,
    GOOGLE_ADS_LOGIN_CUSTOMER_ID: c.loginCustomerId,
    GOOGLE_ADS_DEVELOPER_TOKEN: c.developerToken,
    GOOGLE_ADS_CLIENT_ID: c.clientId,
    GOOGLE_ADS_CLIENT_SECRET: c.clientSecret,
    GOOGLE_ADS_REFRESH_TOKEN: c.refreshToken,
    GOOGLE_ADS_LEAD_ACTION: c.leadAction,
    GOOGLE_ADS_QUALIFIED_ACTION: c.qualifiedAction,
    GOOGLE_ADS_BOOKED_ACTION: c.bookedAction,
    GOOGLE_ADS_PURCHASE_ACTION: c.purchaseAction,
  };
}

/** Unset, or set by this module before a restart. */
function free(name: string): boolean {
  const value = process.env[name]?.trim();
  return !value || value === process.env[`${MARKER}_${name}`];
}

function set(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) process.env[name] = process.env[`${MARKER}_${name}`] = value;
}

export function mountConversionStandins(middlewares: Connect.Server, httpServer: HttpServer | null, logger: Logger) {
  const pending: ((origin: string) => void)[] = [];
  if (free("META_PIXEL_ID")) {
    const meta = createMetaStandin();
    middlewares.use(webMiddleware([meta.path], meta.handler));
    pending.push((origin) => {
      set(metaStandinSettings(origin, meta));
      logger.info(
        `  ➜  Meta: no META_PIXEL_ID set, so Conversions API events go to a local stand-in; see ${origin}${meta.path}`,
      );
    });
  }
  if (free("GOOGLE_ADS_CUSTOMER_ID")) {
    const google = createGoogleAdsStandin();
    middlewares.use(webMiddleware([google.path], google.handler));
    pending.push((origin) => {
      set(googleAdsStandinSettings(origin, google));
      logger.info(
        `  ➜  Google Ads: no GOOGLE_ADS_CUSTOMER_ID set, so conversion uploads go to a local stand-in; see ${origin}${google.path}`,
      );
    });
  }
  if (free("GOOGLE_CALENDAR_CLIENT_ID")) {
    const calendar = createGoogleCalendarStandin();
    middlewares.use(webMiddleware([calendar.path], calendar.handler));
    pending.push((origin) => {
      set(googleCalendarStandinSettings(origin, calendar));
      logger.info(
        `  ➜  Google Calendar: no GOOGLE_CALENDAR_CLIENT_ID set, so calls' events and busy times use a local stand-in; see ${origin}${calendar.path}`,
      );
    });
  }
  if (free("CRON_SECRET")) pending.push(() => set({ CRON_SECRET: LOCAL_CRON_SECRET }));
  const point = () => {
    const origin = httpServer ? localOrigin(httpServer) : undefined;
    if (origin) for (const apply of pending) apply(origin);
  };
  whenListening(httpServer, point);
}
