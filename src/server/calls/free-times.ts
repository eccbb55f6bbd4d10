/**
 * The free times, GET /api/calls?view=slots (handler.ts routes it here), and a handler that answers
 * that alone, for /book's render in the blog function (api/blog.ts, src/server/book-times.ts): the
 * same context, limit and answer, without the rest of the calls function (booking, the outbox and
 * what it sends), which the blog function does not carry.
 */
import { callsFunctionCopy } from "../../content/functions.js";
import type { SlotList } from "../../lib/calls/contract.js";
import { listSlots } from "../../lib/calls/slots.js";
import { Answer, json, refuse } from "../http.js";
import { MemoryRateLimiter } from "../rate-limit-memory.js";
import { CalendarUnavailable } from "./calendar.js";
import {
  CALLS_RATE_LIMIT,
  calendarOf,
  limit,
  openContext,
  type CallsContext,
  type CallsDependencies,
} from "./context.js";
import { takenTimes } from "./refusals.js";

const messages = callsFunctionCopy.messages;

/** `{ timeZone, callMinutes, slots, place }`, counted per client and kept five seconds by the CDN. */
export async function slotsAnswer(context: CallsContext): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.slots);
  const calendar = await calendarOf(context);
  const taken = await takenTimes(context, calendar);
  const free = listSlots({ availability: calendar.availability, now: context.now, ...taken });
  const answer: SlotList = {
    timeZone: calendar.availability.timeZone,
    callMinutes: calendar.availability.callMinutes,
    slots: free.map((slot) => slot.toISOString()),
    place: calendar.place,
  };
  return json(200, answer, { "cache-control": "public, max-age=5, s-maxage=5" });
}

/** Answers GET ?view=slots as the calls function does, and nothing else (400). */
export function createSlotsHandler(deps: CallsDependencies): (request: Request) => Promise<Response> {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});
  return async function handleSlots(request) {
    try {
      if (request.method !== "GET" || new URL(request.url).searchParams.get("view") !== "slots")
        throw refuse(400, { message: messages.view });
      return await slotsAnswer(openContext(request, deps.settings(), deps, fallback));
    } catch (error) {
      if (error instanceof Answer) return error.response;
      if (error instanceof CalendarUnavailable) {
        console.error("calls: the database failed:", error.message);
        return json(503, { message: messages.unavailable }, { "retry-after": "60", "cache-control": "no-store" });
      }
      throw error;
    }
  };
}
