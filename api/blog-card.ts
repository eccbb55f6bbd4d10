/**
 * The blog's social cards (`/blog/.../card.png`, which src/server/paths.ts rewrites here): the blog's
 * handler (src/server/blog.ts) with the drawing, src/server/social-card/. A function of its own, so
 * that what a card is drawn with (satori, resvg, the fonts, Twemoji: most of the bytes) is loaded by
 * no page of the blog (api/blog.ts).
 */
import { createBlogFunction } from "../src/server/blog-function.js";
import { drawSocialCard } from "../src/server/social-card/draw.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createBlogFunction({ settings: readSettings, drawCard: drawSocialCard }) };
