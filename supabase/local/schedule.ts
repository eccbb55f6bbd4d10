import type { Server as HttpServer } from "node:http";
import type { Logger } from "vite";
import { runDispatch, type OutboxRuntime } from "../../src/server/outbox/run.ts";
import { functionPath } from "../../src/server/paths.ts";
import { readSettings } from "../../src/server/settings.ts";
import { localOrigin, whenListening } from "./node-http.ts";

/** How often the local servers run the dispatcher: what Supabase Cron does in production. */
const LOCAL_SCHEDULE_MS = 60_000;

/**
 * The outbox's schedule in `npm run dev` and `npm run preview`: every minute, the same run the
 * deployed schedule makes through /api/cron-outbox (queue the reminders of leads left new, then
 * send every due conversion event and message, retries included), called in-process, so no
 * CRON_SECRET is needed locally. The timer does not keep the process alive and stops with the server.
 * Tests call runDispatch themselves (no waiting for a timer).
 */
export function startLocalSchedule(
  httpServer: HttpServer | null,
  logger: Logger,
  runtime: Omit<OutboxRuntime, "settings">,
  everyMs = LOCAL_SCHEDULE_MS,
): void {
  if (!httpServer) return;
  let running = false;
  const tick = async () => {
    const origin = localOrigin(httpServer);
    if (running || !origin) return;
    running = true;
    try {
      const outcome = await runDispatch(new Request(`${origin}${functionPath("cron-outbox")}`), {
        settings: readSettings,
        ...runtime,
      });
      if ("error" in outcome) logger.warn(`  ➜  Outbox: ${outcome.error}`, { timestamp: true });
    } finally {
      running = false;
    }
  };
  const start = () => {
    const timer = setInterval(() => {
      tick().catch((error: unknown) => logger.error(`  ➜  Outbox: ${String(error)}`, { timestamp: true }));
    }, everyMs);
    timer.unref();
    httpServer.once("close", () => clearInterval(timer));
  };
  whenListening(httpServer, start);
}
