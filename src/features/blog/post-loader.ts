/**
 * A post read in the browser (client-side navigation to a post; the server sends its first page with
 * the data). Its own module, loaded on demand: a named import of `getPublicReader` lets the bundlers
 * keep supabase-js (sessions, auth) out of the post page and out of the blog function's bundle. The
 * post's meta is made here, as the blog function makes it (src/blog-entry.ts gives it describePost).
 */
import { getPublicReader } from "../../lib/supabase";
import { loadBlogPost } from "../../lib/blog-data";
import { tagsCopy } from "../../content/tags";
import { describePost } from "./post-page-meta";

export async function loadPostInBrowser(slug: string) {
  return loadBlogPost(await getPublicReader(), slug, tagsCopy.postTags, describePost);
}
