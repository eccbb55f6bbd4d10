/**
 * /book's free times for its request-time render (blog.ts): the calls function's own answer to
 * `GET /api/calls?view=slots`, asked in-process with the visitor's request headers, so the times,
 * the per-client limit and every refusal are the ones the browser would get. The blog function uses
 * the anon key alone; the times need what only the calls function may read (bookings and the
 * agency's availability are readable by no API role, and busy times come from the agency's Google
 * Calendar), so it lends its handler instead of the blog function holding the service-role key.
 */
import type { SlotList } from "../lib/calls/contract.js";

/** The free times for the visitor of `request`; null when they cannot be had (the page then loads them itself). */
export type BookTimesReader = (request: Request) => Promise<SlotList | null>;

/** The slots path of the calls function (handler.ts). */
const SLOTS_PATH = "/api/calls?view=slots";

/** A reader over the calls function's handler, loaded on the first /book (the blog's cold start does not pay for it). */
export function bookTimesFromCalls(
  calls: () => Promise<(request: Request) => Response | Promise<Response>>,
): BookTimesReader {
  let handler: ReturnType<typeof calls> | null = null;
  return async function bookTimes(request) {
    handler ??= calls().catch((error: unknown) => {
      handler = null;
      throw error;
    });
    const headers = new Headers(request.headers);
    headers.set("accept", "application/json");
    const response = await (await handler)(new Request(new URL(SLOTS_PATH, request.url), { headers }));
    if (!response.ok) {
      console.error(`blog: /book's times answered ${response.status}; the page loads them in the browser`);
      return null;
    }
    return (await response.json()) as SlotList;
  };
}
