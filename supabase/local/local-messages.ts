import type { Server as HttpServer } from "node:http";
import type { Connect, Logger } from "vite";
import { createMailPage, MAIL_PAGE_PATH } from "./mail-page.ts";
import { startMailbox, type Mailbox } from "./mailbox.ts";
import { localOrigin, webMiddleware, whenListening } from "./node-http.ts";
import { createWhatsAppStandin, whatsappStandinSettings } from "./whatsapp-standin.ts";

/**
 * The local ends of the messages a lead causes, on the dev and preview servers (never on Vercel):
 * - when neither SMTP_URL nor SMTP_HOST is configured, a real SMTP server on 127.0.0.1
 *   (mailbox.ts) catches the mail, SMTP_URL points at it, MAIL_FROM and LEADS_NOTIFY_EMAILS get
 *   local defaults when unset, and `/__local/mail` shows what it caught;
 * - when WHATSAPP_GRAPH_URL is not configured, the WhatsApp Cloud API stand-in answers on
 *   `/__local/whatsapp`, and the WhatsApp settings get its local values.
 * A marker remembers each value set here, so a restart (config change) treats it as unset again.
 */
const MARKER = "LOCAL_STANDIN_MESSAGES";

export const LOCAL_MAIL_DEFAULTS = {
  MAIL_FROM: "Ascend Digital <hello@ascenddigital.ng>",
  LEADS_NOTIFY_EMAILS: "team@ascenddigital.ng",
} as const;

/** Unset, or set by this module before a restart. */
function free(name: string): boolean {
  const value = process.env[name]?.trim();
  return !value || value === process.env[`${MARKER}_${name}`];
}

function set(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) process.env[name] = process.env[`${MARKER}_${name}`] = value;
}

/** One mailbox per process: it outlives the dev server's restarts, so caught mail stays on the page. */
const MAILBOX = Symbol.for("ascend.localMailbox");
type WithMailbox = typeof globalThis & { [MAILBOX]?: Promise<Mailbox> };
function localMailbox(): Promise<Mailbox> {
  const holder = globalThis as WithMailbox;
  holder[MAILBOX] ??= startMailbox({ unref: true });
  return holder[MAILBOX];
}

export function mountLocalMessages(middlewares: Connect.Server, httpServer: HttpServer | null, logger: Logger) {
  const pending: ((origin: string) => void)[] = [];
  if (free("SMTP_URL") && free("SMTP_HOST")) {
    let mailbox: Mailbox | null = null;
    const page = createMailPage(() => mailbox);
    middlewares.use(webMiddleware(page.paths, page.handler));
    const started = localMailbox().then((box) => {
      mailbox = box;
      set({ SMTP_URL: `smtp://127.0.0.1:${box.port}` });
      for (const [name, value] of Object.entries(LOCAL_MAIL_DEFAULTS)) if (free(name)) set({ [name]: value });
      return box;
    });
    pending.push((origin) => {
      started.then(
        (box) =>
          logger.info(
            `  ➜  Mail: no SMTP_URL set, so mail goes to a local mailbox (smtp://127.0.0.1:${box.port}, nothing is delivered); see ${origin}${MAIL_PAGE_PATH}`,
          ),
        (error: Error) =>
          logger.error(`  ➜  Mail: the local mailbox could not start (${error.message}); e-mail stays unsent`),
      );
    });
  }
  if (free("WHATSAPP_GRAPH_URL")) {
    const whatsapp = createWhatsAppStandin();
    middlewares.use(webMiddleware([whatsapp.path, `${whatsapp.path}.json`], whatsapp.handler));
    pending.push((origin) => {
      set(whatsappStandinSettings(origin, whatsapp));
      logger.info(
        `  ➜  WhatsApp: no WHATSAPP_GRAPH_URL set, so template messages go to a local stand-in of the Cloud API; see ${origin}${whatsapp.path}`,
      );
    });
  }
  // Once the server listens.
  const point = () => {
    const origin = httpServer ? localOrigin(httpServer) : undefined;
    if (origin) for (const apply of pending) apply(origin);
  };
  if (pending.length) whenListening(httpServer, point);
}
