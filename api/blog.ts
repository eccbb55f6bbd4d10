/**
 * The blog at request time: `/blog` and below, `/rss.xml`, `/sitemap.xml` (src/server/paths.ts
 * rewrites them here and includes its bundle, dist-ssr/, in the function). Logic: src/server/blog.ts.
 * The pages' social cards are the card function's (api/blog-card.ts).
 */
import { createBlogFunction } from "../src/server/blog-function.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createBlogFunction({ settings: readSettings }) };
