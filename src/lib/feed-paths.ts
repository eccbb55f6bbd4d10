/**
 * Where the blog's RSS feed and the sitemap are served. src/server/paths.ts routes them to the blog
 * function (and so vercel.json and the local servers); the feed itself, the blog list page's feed
 * link and the prerendered robots.txt name them from here.
 */
export const FEED_PATH = "/rss.xml";
export const SITEMAP_PATH = "/sitemap.xml";
