import { readFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import { join } from "node:path";
import { loadEnv, type Connect, type Logger, type Plugin, type ViteDevServer } from "vite";
import { createCronHandler, createDispatchHandler } from "../../src/server/outbox/handlers.ts";
import type { OutboxRuntime } from "../../src/server/outbox/run.ts";
import { mountConversionStandins } from "./conversion-standins.ts";
import { LOCAL_DEFAULTS } from "./index.ts";
import subscribe from "../../api/subscribe.ts";
import { loadBlogHandler } from "../../src/server/blog-function.ts";
import { bookTimesFromCalls, type BookTimesReader } from "../../src/server/book-times.ts";
import { drawSocialCard } from "../../src/server/social-card/draw.ts";
import type * as BlogEntry from "../../src/blog-entry.ts";
import { createCollectHandler } from "../../src/server/collect.ts";
import { createCallsHandler } from "../../src/server/calls/handler.ts";
import { calendarBusy } from "../../src/server/calls/google-calendar.ts";
import { busyReadHealth } from "../../src/server/integrations/health.ts";
import { createTeamHandler } from "../../src/server/team.ts";
import { createPaystackWebhookHandler } from "../../src/server/payments/webhook.ts";
import { createProposalsHandler } from "../../src/server/proposals/handler.ts";
import { createContactHandler } from "../../src/server/contact.ts";
import { findRewrite, FUNCTIONS, functionPath, REWRITES, type FunctionName } from "../../src/server/paths.ts";
import { readSettings } from "../../src/server/settings.ts";
import { createLeadsWebhookStandin } from "./leads-webhook-standin.ts";
import { mountLocalMessages } from "./local-messages.ts";
import { mountLocalPayments } from "./local-payments.ts";
import { createNewsletterStandin } from "./newsletter-standin.ts";
import { startLocalSchedule } from "./schedule.ts";
import { localOrigin, webMiddleware, whenListening, type WebHandler } from "./node-http.ts";
import { LOCAL_SUPABASE_PLUGIN, type LocalSupabaseApi } from "./vite-plugin.ts";

/**
 * Serves the functions of api/ on /api/* in `vite dev` and `vite preview`, the way Vercel serves them
 * in production, so the whole product runs from one command.
 *
 * Third parties that cannot be reached from a developer's machine get local stand-ins, mounted on
 * this same server when their setting is not configured (environment or .env files), and announced
 * on start: the newsletter provider (NEWSLETTER_FORM_URL), the CRM webhook (LEADS_WEBHOOK_URL), the
 * ad platforms (conversion-standins.ts), the mail server and WhatsApp (local-messages.ts), and
 * Paystack (local-payments.ts: PAYSTACK_SECRET_KEY, its webhooks sent to this server's
 * /api/paystack-webhook). This lives only here: on Vercel nothing mounts them; an unset newsletter URL
 * gives 503, an unset webhook URL means leads are stored without being forwarded, and an unset
 * Paystack key means the webhook answers 503.
 */
/**
 * The server's settings that .env files may hold (every name src/server/settings.ts reads starts with
 * one of these: supabase/local/functions-plugin.test.ts), loaded into the functions' environment.
 */
export const SERVER_ENV_PREFIXES = [
  "NEWSLETTER_",
  "LEADS_",
  "SUPABASE_",
  "VITE_",
  "META_",
  "GOOGLE_ADS_",
  "GOOGLE_OAUTH_",
  "GOOGLE_CALENDAR_",
  "CRON_",
  "SMTP_",
  "MAIL_",
  "WHATSAPP_",
  "LOCAL_IP_",
  "LOCAL_SUPABASE_",
  "PAYSTACK_",
  "PROPOSALS_",
  "CALLS_",
  "RATE_LIMIT_",
];

function notFound(): Response {
  return new Response(JSON.stringify({ message: "Not Found" }), {
    status: 404,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

interface Standin {
  /** The setting that points the function at the real service. */
  setting: string;
  create(): { path: string; handler: WebHandler };
  announce(origin: string, path: string): string;
}

const STANDINS: Standin[] = [
  {
    setting: "NEWSLETTER_FORM_URL",
    create: createNewsletterStandin,
    announce: (origin, path) =>
      `  ➜  Newsletter: no NEWSLETTER_FORM_URL set, so sign-ups are recorded locally (not sent anywhere); see ${origin}${path}`,
  },
  {
    setting: "LEADS_WEBHOOK_URL",
    create: () => createLeadsWebhookStandin(),
    announce: (origin, path) =>
      `  ➜  Leads: no LEADS_WEBHOOK_URL set, so what the CRM webhook would receive is recorded locally; see ${origin}${path}`,
  },
];

/**
 * Mounts a stand-in when its setting is unset, and points the setting at it once the server listens.
 * A marker remembers the URL this plugin set, so that a restart (config change) mounts it again.
 */
function mountStandin(standin: Standin, middlewares: Connect.Server, httpServer: HttpServer | null, logger: Logger) {
  const marker = `LOCAL_STANDIN_${standin.setting}`;
  const configured = process.env[standin.setting]?.trim();
  if (configured && configured !== process.env[marker]) return;
  const { path, handler } = standin.create();
  middlewares.use(webMiddleware([path], handler));
  const point = () => {
    const origin = httpServer ? localOrigin(httpServer) : undefined;
    if (!origin) return;
    process.env[standin.setting] = process.env[marker] = `${origin}${path}`;
    logger.info(standin.announce(origin, path));
  };
  whenListening(httpServer, point);
}

/**
 * The handler of each function in src/server/paths.ts (a type error until a new function is here),
 * as its adapter in api/ builds it, except that the local Supabase is reached in-process when it is
 * the one in use.
 */
interface LocalRuntime {
  fetch: typeof fetch;
  /** The blog's handler, without the drawing (api/blog.ts), and with it (api/blog-card.ts). */
  blog: () => Promise<WebHandler>;
  blogCards: () => Promise<WebHandler>;
  /** The dispatcher's way to the local Supabase and its service-role key (never on Vercel). */
  conversions: Omit<OutboxRuntime, "settings">;
}
type Mounts = Record<FunctionName, (local: LocalRuntime) => WebHandler>;
const MOUNTS: Mounts = {
  blog:
    ({ blog }) =>
    async (request) =>
      (await blog())(request),
  "blog-card":
    ({ blogCards }) =>
    async (request) =>
      (await blogCards())(request),
  contact: ({ fetch, conversions }) =>
    createContactHandler({
      settings: readSettings,
      waitUntil: (work) =>
        work.catch((error: unknown) => console.error("contact: the work after the response failed:", error)),
      fetch,
      conversions,
    }),
  subscribe: () => (request) => subscribe.fetch(request),
  "conversions-dispatch": ({ conversions }) => createDispatchHandler({ settings: readSettings, ...conversions }),
  "cron-outbox": ({ conversions }) => createCronHandler({ settings: readSettings, ...conversions }),
  "cron-conversions": ({ conversions }) => createCronHandler({ settings: readSettings, ...conversions }),
  collect: ({ fetch }) => createCollectHandler({ settings: readSettings, fetch }),
  calls: ({ fetch, conversions }) =>
    createCallsHandler({
      settings: readSettings,
      waitUntil: (work) =>
        work.catch((error: unknown) => console.error("calls: the work after the response failed:", error)),
      fetch,
      conversions,
      busy: calendarBusy(() => readSettings().googleCalendar, {
        onOutcome: busyReadHealth({ settings: readSettings, dbFetch: fetch }),
      }),
    }),
  team: ({ fetch }) => createTeamHandler({ settings: readSettings, fetch }),
  "paystack-webhook": ({ fetch, conversions }) =>
    createPaystackWebhookHandler({
      settings: readSettings,
      waitUntil: (work) =>
        work.catch((error: unknown) => console.error("paystack-webhook: the work after the response failed:", error)),
      fetch,
      outbox: conversions,
    }),
  proposals: ({ fetch, conversions }) =>
    createProposalsHandler({
      settings: readSettings,
      waitUntil: (work) =>
        work.catch((error: unknown) => console.error("proposals: the work after the response failed:", error)),
      fetch,
      outbox: conversions,
    }),
};

/**
 * The request as Vercel's edge hands it on: with `x-vercel-ip-country` from LOCAL_IP_COUNTRY when
 * set (the edge derives it from the address; locally there is nothing to derive it from), so the
 * Traffic report's countries can be tried. The client address (`x-forwarded-for`) is node-http.ts's.
 */
function asFromTheEdge(request: Request): Request {
  const country = readSettings().localIpCountry;
  if (!country || request.headers.has("x-vercel-ip-country")) return request;
  const headers = new Headers(request.headers);
  headers.set("x-vercel-ip-country", country);
  return new Request(request, { headers });
}

/** The functions the local servers mount, by file name in api/ (all of src/server/paths.ts). */
export const LOCAL_FUNCTION_NAMES: readonly FunctionName[] = FUNCTIONS.map((entry) => entry.name);

/**
 * Serves /api/<name> with each function, and the paths src/server/paths.ts rewrites to a function
 * with that function (Vercel passes the visitor's path in `__path`; the handlers read the request's
 * own path when there is none). The file rewrites (the admin's shell) are scripts/preview-routes.ts's.
 */
function mount(
  middlewares: Connect.Server,
  httpServer: HttpServer | null,
  logger: Logger,
  localFetch: () => typeof fetch | null,
  blog: (drawCard: boolean, bookTimes: BookTimesReader) => () => Promise<WebHandler>,
) {
  for (const standin of STANDINS) mountStandin(standin, middlewares, httpServer, logger);
  mountConversionStandins(middlewares, httpServer, logger);
  mountLocalMessages(middlewares, httpServer, logger);
  mountLocalPayments(middlewares, httpServer, logger);
  const dbFetch = ((input, init) => (localFetch() ?? fetch)(input, init)) as typeof fetch;
  const conversions = { dbFetch, localServiceRoleKey: () => (localFetch() ? LOCAL_DEFAULTS.serviceRoleKey : null) };
  // /book's times, from the calls function mounted here (as api/blog.ts asks api/calls' handler).
  const bookTimes = bookTimesFromCalls(async () => handlers.get(functionPath("calls"))!);
  const local: LocalRuntime = {
    fetch: dbFetch,
    blog: blog(false, bookTimes),
    blogCards: blog(true, bookTimes),
    conversions,
  };
  // The deployed schedule (Supabase Cron every minute) run locally: the outbox's retries and reminders.
  startLocalSchedule(httpServer, logger, conversions);
  const handlers = new Map(LOCAL_FUNCTION_NAMES.map((name) => [functionPath(name), MOUNTS[name](local)] as const));
  const dispatch: WebHandler = (request) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, "");
    return handlers.get(path)?.(asFromTheEdge(request)) ?? Promise.resolve(notFound());
  };
  middlewares.use(webMiddleware(["/api"], dispatch));
  // Each path a rewrite sends to a function, to the first rewrite that matches it, as the host tries them.
  const rewritten = new Map(
    REWRITES.flatMap((entry) =>
      "function" in entry.to
        ? [[entry, webMiddleware([entry.path], handlers.get(functionPath(entry.to.function))!)] as const]
        : [],
    ),
  );
  middlewares.use((req, res, next) => {
    const entry = findRewrite(((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/").split("?")[0] ?? "/");
    const serve = entry && rewritten.get(entry);
    if (serve) serve(req, res, next);
    else next();
  });
}

/**
 * The blog in development: from the source (Vite's SSR module loader, so edits apply on the next
 * request); in preview, from the build (dist-ssr/), through the very loader Vercel runs.
 */
function devBlogHandler(
  server: ViteDevServer,
  localFetch: () => typeof fetch | null,
): (drawCard: boolean, bookTimes: BookTimesReader) => () => Promise<WebHandler> {
  return (drawCard, bookTimes) => async () => {
    const entry = (await server.ssrLoadModule("/src/blog-entry.ts")) as typeof BlogEntry;
    return async (request) => {
      const raw = readFileSync(join(server.config.root, "index.html"), "utf8");
      const template = await server.transformIndexHtml(new URL(request.url).pathname, raw);
      return entry.createBlogHandler({
        template,
        fetch: localFetch() ?? undefined,
        settings: readSettings,
        bookTimes,
        ...(drawCard ? { drawCard: drawSocialCard } : {}),
      })(request);
    };
  };
}

export function localFunctions(): Plugin {
  let localSupabaseApi: LocalSupabaseApi | undefined;
  const localFetch = () => localSupabaseApi?.fetch() ?? null;
  return {
    name: "local-functions",
    configResolved(config) {
      localSupabaseApi = (
        config.plugins.find((plugin) => plugin.name === LOCAL_SUPABASE_PLUGIN) as { api?: LocalSupabaseApi } | undefined
      )?.api;
      // Server-side settings from .env files reach the function as they would through Vercel's
      // environment; variables already set in the environment win.
      const fileEnv = loadEnv(config.mode, config.envDir === false ? config.root : config.envDir, SERVER_ENV_PREFIXES);
      for (const [name, value] of Object.entries(fileEnv)) {
        if (process.env[name] === undefined) process.env[name] = value;
      }
    },
    configureServer(server) {
      mount(
        server.middlewares,
        server.httpServer as HttpServer | null,
        server.config.logger,
        localFetch,
        devBlogHandler(server, localFetch),
      );
    },
    configurePreviewServer(server) {
      // One handler each, as the two functions load the bundle each.
      const loaded = new Map<boolean, Promise<WebHandler>>();
      mount(
        server.middlewares,
        server.httpServer as HttpServer,
        server.config.logger,
        localFetch,
        (drawCard, bookTimes) => () => {
          let handler = loaded.get(drawCard);
          if (!handler) {
            handler = loadBlogHandler({
              settings: readSettings,
              ssrDir: join(server.config.root, "dist-ssr"),
              fetch: localFetch() ?? undefined,
              bookTimes,
              ...(drawCard ? { drawCard: drawSocialCard } : {}),
            });
            loaded.set(drawCard, handler);
          }
          return handler;
        },
      );
    },
  };
}
