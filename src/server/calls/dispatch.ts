/**
 * After a booking's change, its lead's outbox sent now (handler.ts, booking.ts). Apart from
 * context.ts, so that what reads the free times alone loads nothing of the outbox.
 */
import { dispatchForLead } from "../outbox/run.js";
import type { CallsContext } from "./context.js";

/**
 * After the answer: the outbox rows the booking's transaction wrote (the confirmation or its change,
 * the team's e-mail, the calendar event, the Schedule conversion), sent now for this lead. What
 * cannot be sent waits for the schedule.
 */
export function dispatchCall(context: CallsContext, leadId: string): void {
  const { deps, settings } = context;
  context.deps.waitUntil(
    dispatchForLead(
      context.request,
      { settings: () => settings, ...(deps.fetch ? { dbFetch: deps.fetch } : {}), ...deps.conversions },
      leadId,
    ),
  );
}
