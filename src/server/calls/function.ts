/**
 * The calls function as Vercel runs it (api/calls.ts), and its answer of the free times alone, which
 * the blog function asks for /book (api/blog.ts, through src/server/book-times.ts): both with the
 * same dependencies, the agency's Google Calendar among them.
 */
import { busyReadHealth } from "../integrations/health.js";
import { readSettings } from "../settings.js";
import type { CallsDependencies } from "./context.js";
import { calendarBusy } from "./google-calendar.js";

type WaitUntil = (work: Promise<unknown>) => void;

export function callsDependencies(waitUntil: WaitUntil): CallsDependencies {
  return {
    settings: readSettings,
    waitUntil,
    busy: calendarBusy(() => readSettings().googleCalendar, {
      onOutcome: busyReadHealth({ settings: readSettings, waitUntil }),
    }),
  };
}
