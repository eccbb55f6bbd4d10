/**
 * The pages rendered at request time: `/blog` and below, `/rss.xml`, `/sitemap.xml`, and `/book` with
 * its free times (src/server/paths.ts rewrites them here and includes its bundle, dist-ssr/, in the
 * function). Logic: src/server/blog.ts. The pages' social cards are the card function's
 * (api/blog-card.ts). /book's times are the calls function's answer, from its free times' handler
 * alone (src/server/calls/free-times.ts), loaded on the first /book only (src/server/book-times.ts).
 */
import { waitUntil } from "@vercel/functions";
import { createBlogFunction } from "../src/server/blog-function.js";
import { bookTimesFromCalls } from "../src/server/book-times.js";
import { readSettings } from "../src/server/settings.js";

export default {
  fetch: createBlogFunction({
    settings: readSettings,
    bookTimes: bookTimesFromCalls(async () => {
      const [{ callsDependencies }, { createSlotsHandler }] = await Promise.all([
        import("../src/server/calls/function.js"),
        import("../src/server/calls/free-times.js"),
      ]);
      return createSlotsHandler(callsDependencies(waitUntil));
    }),
  }),
};
