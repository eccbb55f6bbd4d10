/**
 * A post page's search and social meta and its structured data, made where the post is loaded (the
 * blog function on the server, post-loader.ts in the browser) from lib/post-meta.ts's rules: the
 * page only hands them to <Seo>, so its script carries neither the rules nor the JSON-LD builders.
 */
import { postMetaCopy } from "../../content/post-meta";
import type { PostPageMeta, RenderedPost } from "../../lib/blog-data";
import { postMeta } from "../../lib/post-meta";
import type { PostWithAuthor } from "../../lib/posts";
import { blogPostingJsonLd, postBreadcrumbJsonLd } from "./post-structured-data";

export function describePost(post: PostWithAuthor, body: RenderedPost): PostPageMeta {
  const meta = postMeta(post, body.description, postMetaCopy);
  return { ...meta, jsonLd: [blogPostingJsonLd(post, meta), postBreadcrumbJsonLd(post)] };
}
