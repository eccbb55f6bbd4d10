/**
 * /book as Vercel runs it: the blog function (api/blog.ts, the built SSR bundle in dist-ssr/) renders
 * the page with its free times, which it asks of the calls function's handler in-process
 * (src/server/book-times.ts), both on the real local Supabase (PGlite with the migrations and RLS).
 */
import { describe, expect, it } from "vitest";
import { pickerCopy } from "../src/content/booking.ts";
import type { SlotList } from "../src/lib/calls/contract.ts";
import { BOOK_TIMES_KEY, FIRST_DAYS } from "../src/lib/calls/book-times.ts";
import { bookTimesFromCalls } from "../src/server/book-times.ts";
import { CACHE_POLICY } from "../src/server/blog.ts";
import { createSlotsHandler } from "../src/server/calls/free-times.ts";
import { createCallsHandler } from "../src/server/calls/handler.ts";
import { MemoryRateLimiter } from "../src/server/rate-limit-memory.ts";
import { readSettings } from "../src/server/settings.ts";
import { blogFunctionForSuite, built, loadBlog } from "../tests/support/blog-function.ts";

/** Monday 3 March 2031, 07:00 in Lagos: the week's free times are all ahead. */
const NOW = new Date("2031-03-03T06:00:00.000Z");
const limiter = new MemoryRateLimiter({ now: () => NOW });

function dependencies(env: Record<string, string> = {}) {
  return { settings: () => readSettings(env), fetch: suite.fetch, now: () => NOW, limiter, waitUntil: () => {} };
}

/** The calls function, as api/calls.ts runs it. */
const callsHandler = () => createCallsHandler(dependencies());

// As api/blog.ts wires it: the calls function's handler of the free times alone.
const suite = blogFunctionForSuite({
  bookTimes: bookTimesFromCalls(async () => createSlotsHandler(dependencies())),
});

let client = 0;
/** A visitor of their own (the times are counted per client address). */
function visitor(): Record<string, string> {
  client += 1;
  return { "x-forwarded-for": `198.51.100.${client}` };
}

interface Seed {
  key: string;
  data: { list: SlotList; zone: string; days: { label: string; slots: { iso: string; time: string }[] }[] };
}

function seedOf(doc: Document): Seed | null {
  return JSON.parse(doc.getElementById("route-data")?.textContent ?? "null") as Seed | null;
}

describe.skipIf(!built)("/book from the blog function", () => {
  it("has the first day's free times in its HTML, the calls function's own, and is kept five seconds", async () => {
    const headers = visitor();
    const answer = await callsHandler()(new Request("http://blog.test/api/calls?view=slots", { headers }));
    const list = (await answer.json()) as SlotList;
    expect(list.slots.length).toBeGreaterThan(0);

    const { response, dom } = await suite.get("/book", { headers: visitor() });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(CACHE_POLICY.book);
    expect(dom.querySelector("h1")?.textContent).toBe("Book a free discovery call");
    expect(dom.body.textContent).not.toContain(pickerCopy.loading);

    // The first day as a radio group, its times the list's first, in Lagos.
    const groups = [...dom.querySelectorAll('[role="radiogroup"]')];
    expect(groups).toHaveLength(FIRST_DAYS);
    const radios = [...groups[0]!.querySelectorAll<HTMLInputElement>('input[type="radio"][name="slot"]')];
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.map((radio) => radio.value)).toEqual(list.slots.slice(0, radios.length));
    expect(radios[0]!.getAttribute("aria-label")).toMatch(/^\d\d:\d\d$/);

    // The data it was rendered with, for hydration: the same list, and the days as written.
    const seed = seedOf(dom);
    expect(seed?.key).toBe(BOOK_TIMES_KEY);
    expect(seed?.data.list).toEqual(list);
    expect(seed?.data.zone).toBe("Africa/Lagos");
    expect(seed?.data.days[0]?.slots.map((slot) => slot.iso)).toEqual(radios.map((radio) => radio.value));
    expect(seed?.data.days[0]?.label).toBe(groups[0]!.closest("fieldset")?.querySelector("legend")?.textContent);
  });

  it("counts its times against the visitor's limit of them, and past it has the placeholder, not kept by the CDN", async () => {
    const headers = visitor();
    let last: Awaited<ReturnType<typeof suite.get>> | undefined;
    // The times' limit per client: 60 a minute (CALLS_RATE_LIMIT.slots).
    for (let page = 0; page < 61; page++) last = await suite.get("/book", { headers });
    expect(last?.response.status).toBe(200);
    expect(last?.response.headers.get("cache-control")).toBe(CACHE_POLICY.unavailable);
    expect(last?.dom.querySelectorAll('input[name="slot"]')).toHaveLength(0);
    expect(last?.dom.body.textContent).toContain(pickerCopy.loading);
    expect(seedOf(last!.dom)).toBeNull();

    // Another visitor still gets the times.
    const other = await suite.get("/book", { headers: visitor() });
    expect(other.dom.querySelectorAll('input[name="slot"]').length).toBeGreaterThan(0);
  });

  it("has the placeholder, not kept by the CDN, when the calls function cannot answer", async () => {
    // A deployment without the service-role key: the calls function answers 503.
    const blog = await loadBlog({
      fetch: suite.fetch,
      bookTimes: bookTimesFromCalls(async () =>
        createSlotsHandler(dependencies({ VERCEL: "1", SUPABASE_URL: "http://blog.test" })),
      ),
    });
    const response = await blog(new Request("http://blog.test/book", { headers: visitor() }));
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(CACHE_POLICY.unavailable);
    expect(body).toContain(pickerCopy.loading);
    expect(body).not.toContain('name="slot"');
    expect(body).toContain("Book a free discovery call");
  });
});
