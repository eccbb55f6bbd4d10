import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Connect, Logger } from "vite";
import { createGoogleAdsStandin, GOOGLE_ADS_STANDIN_VERSION } from "./google-ads-standin.ts";
import { createMetaStandin, META_STANDIN_VERSION } from "./meta-standin.ts";
import { webMiddleware } from "./node-http.ts";

/**
 * Mounts the Meta and Google Ads stand-ins on the dev and preview servers, each when its platform is
 * not configured (META_PIXEL_ID, GOOGLE_ADS_CUSTOMER_ID), and points the conversions' settings at
 * them with the stand-ins' fake credentials, so that `npm run dev` sends every lead's events
 * end to end without leaving the machine. A marker remembers the values set here, so a restart
 * mounts them again. CRON_SECRET gets a local value when unset, so the cron endpoint can be called.
 */
const MARKER = "LOCAL_STANDIN_CONVERSIONS";

function originOf(server: HttpServer): string | undefined {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
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
      set({ META_GRAPH_URL: `${origin}${meta.path}/${META_STANDIN_VERSION}`, META_PIXEL_ID: meta.credentials.pixelId, META_CAPI_TOKEN: meta.credentials.accessToken });
      logger.info(`  ➜  Meta: no META_PIXEL_ID set, so Conversions API events go to a local stand-in; see ${origin}${meta.path}`);
    });
  }
  if (free("GOOGLE_ADS_CUSTOMER_ID")) {
    const google = createGoogleAdsStandin();
    middlewares.use(webMiddleware([google.path], google.handler));
    const c = google.credentials;
    pending.push((origin) => {
      set({
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
      });
      logger.info(`  ➜  Google Ads: no GOOGLE_ADS_CUSTOMER_ID set, so conversion uploads go to a local stand-in; see ${origin}${google.path}`);
    });
  }
  if (free("CRON_SECRET")) pending.push(() => set({ CRON_SECRET: "local-cron-secret" }));
  const point = () => {
    const origin = httpServer ? originOf(httpServer) : undefined;
    if (origin) for (const apply of pending) apply(origin);
  };
  if (httpServer?.listening) point();
  else httpServer?.once("listening", point);
}
