/** /api/calls: discovery calls, their free times, booking and the manage link. Logic: src/server/calls/handler.ts. */
import { waitUntil } from "@vercel/functions";
import { calendarBusy } from "../src/server/calls/google-calendar.js";
import { createCallsHandler } from "../src/server/calls/handler.js";
import { busyReadHealth } from "../src/server/integrations/health.js";
import { readSettings } from "../src/server/settings.js";

export default {
  fetch: createCallsHandler({
    settings: readSettings,
    waitUntil,
    busy: calendarBusy(() => readSettings().googleCalendar, {
      onOutcome: busyReadHealth({ settings: readSettings, waitUntil }),
    }),
  }),
};
