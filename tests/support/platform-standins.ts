import { createServer, type Server } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { googleAdsStandinSettings, metaStandinSettings } from "../../supabase/local/conversion-standins";
import { createGoogleAdsStandin, type GoogleAdsStandin } from "../../supabase/local/google-ads-standin";
import {
  createGoogleCalendarStandin,
  googleCalendarStandinSettings,
  type GoogleCalendarStandin,
} from "../../supabase/local/google-calendar-standin";
import { startMailbox, type Mailbox } from "../../supabase/local/mailbox";
import { createMetaStandin, type MetaStandin } from "../../supabase/local/meta-standin";
import {
  createWhatsAppStandin,
  whatsappStandinSettings,
  type WhatsAppStandin,
} from "../../supabase/local/whatsapp-standin";
import { webMiddleware } from "../../supabase/local/node-http";
import { close, listen } from "./http-server";

/**
 * The outside services of the server's end-to-end suites, on this machine: a local SMTP server
 * (supabase/local/mailbox.ts) and the Google Calendar, Meta and WhatsApp stand-ins on one HTTP server; and,
 * for the ad platforms' suites, the Meta and Google Ads stand-ins on one.
 */

/** The site's address in the suites' settings. */
export const SUITE_SITE = "https://ascenddigital.ng";
/** The team's address the suites' notices go to (LEADS_NOTIFY_EMAILS). */
export const SUITE_TEAM = "team@ascenddigital.ng";

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("The stand-ins are started in beforeAll; read them inside a test or hook");
  return value;
}

interface PlatformOptions {
  /** Point the settings at Meta's stand-in too (it is served either way): Meta is then configured. */
  meta?: boolean;
  /** Point the settings at WhatsApp's stand-in too (it is served either way): WhatsApp is then configured. */
  whatsapp?: boolean;
  /** Further settings of the suite. */
  env?: Record<string, string>;
}

interface SuitePlatforms {
  readonly calendar: GoogleCalendarStandin;
  readonly meta: MetaStandin;
  readonly whatsapp: WhatsAppStandin;
  readonly mailbox: Mailbox;
  /** The stand-ins' server's origin, http://127.0.0.1:<port>. */
  readonly origin: string;
  /** The server's settings: the site, the mailer to the mailbox, the team, the stand-ins and `options.env`. */
  readonly env: Record<string, string>;
}

/**
 * The mailbox and the stand-ins for the calling suite, started in a `beforeAll` and closed in an
 * `afterAll`. Call it at the top of the file; the mailbox, the origin and the settings are read
 * inside tests and hooks (the stand-ins themselves exist at once).
 */
export function platformStandinsForSuite(options: PlatformOptions = {}): SuitePlatforms {
  const calendar = createGoogleCalendarStandin("/calendar");
  const meta = createMetaStandin("/meta");
  const whatsapp = createWhatsAppStandin("/whatsapp");
  let mailbox: Mailbox | undefined;
  let platforms: Server | undefined;
  let origin: string | undefined;
  let env: Record<string, string> | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
    const calendarMiddleware = webMiddleware(["/calendar"], calendar.handler);
    const metaMiddleware = webMiddleware(["/meta"], meta.handler);
    const whatsappMiddleware = webMiddleware(["/whatsapp"], whatsapp.handler);
    platforms = createServer((req, res) =>
      calendarMiddleware(req, res, () =>
        metaMiddleware(req, res, () => whatsappMiddleware(req, res, () => res.writeHead(404).end())),
      ),
    );
    origin = await listen(platforms);
    env = {
      VITE_SITE_URL: SUITE_SITE,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: "Ascend Digital <hello@ascenddigital.ng>",
      LEADS_NOTIFY_EMAILS: SUITE_TEAM,
      ...options.env,
      ...googleCalendarStandinSettings(origin, calendar),
      ...(options.meta ? metaStandinSettings(origin, meta) : {}),
      ...(options.whatsapp ? whatsappStandinSettings(origin, whatsapp) : {}),
    };
  });
  afterAll(async () => {
    await mailbox?.close();
    if (platforms) await close(platforms);
  });

  return {
    calendar,
    meta,
    whatsapp,
    get mailbox() {
      return started(mailbox);
    },
    get origin() {
      return started(origin);
    },
    get env() {
      return started(env);
    },
  };
}

interface AdPlatforms {
  readonly meta: MetaStandin;
  readonly google: GoogleAdsStandin;
  /** The settings that point the conversion uploads and the spend import at both stand-ins. */
  readonly env: Record<string, string>;
}

/**
 * The Meta and Google Ads stand-ins on one HTTP server of 127.0.0.1 for the calling suite (the
 * conversion uploads' and the spend import's), started in a `beforeAll` and closed in an `afterAll`.
 * Call it at the top of the file; the settings are read inside tests and hooks (the stand-ins
 * themselves exist at once).
 */
export function adPlatformsForSuite(): AdPlatforms {
  const meta = createMetaStandin("/meta");
  const google = createGoogleAdsStandin("/google");
  let platforms: Server | undefined;
  let env: Record<string, string> | undefined;

  beforeAll(async () => {
    const metaMiddleware = webMiddleware(["/meta"], meta.handler);
    const googleMiddleware = webMiddleware(["/google"], google.handler);
    platforms = createServer((req, res) =>
      metaMiddleware(req, res, () => googleMiddleware(req, res, () => res.writeHead(404).end())),
    );
    const origin = await listen(platforms);
    env = { ...metaStandinSettings(origin, meta), ...googleAdsStandinSettings(origin, google) };
  });
  afterAll(async () => {
    if (platforms) await close(platforms);
  });

  return {
    meta,
    google,
    get env() {
      return started(env);
    },
  };
}
