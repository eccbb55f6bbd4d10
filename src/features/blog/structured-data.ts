/**
 * schema.org data of the blog's lists (JSON-LD `Blog`) and what the posts' data shares with it
 * (post-structured-data.ts). Values are user text; Seo's serializer escapes them for the page. Kept
 * apart from the posts' data so that list pages do not load the Markdown renderer.
 */
import { config } from "../../config";
import { siteIcons } from "../../content/seo";
import { site } from "../../content/site";
import type { PostSummary, PostWithAuthor } from "../../lib/posts";
import { blogPostPath } from "../../lib/blog-paths";

export function absolute(path: string): string {
  return `${config.siteUrl}${path}`;
}

export function publisher() {
  return {
    "@type": "Organization",
    "@id": `${config.siteUrl}/#organization`,
    name: site.name,
    url: absolute("/"),
    logo: { "@type": "ImageObject", url: absolute(siteIcons.png512), width: 512, height: 512 },
  };
}

/** The author's public name, or the company's when the profile has none. */
export function authorName(post: Pick<PostWithAuthor, "author">): string {
  return post.author?.full_name?.trim() || site.name;
}

/** The blog (or one category of it) with the posts of the page shown. */
export function blogJsonLd({
  path,
  name,
  description,
  posts,
}: {
  path: string;
  name: string;
  description: string;
  posts: PostSummary[];
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name,
    description,
    url: absolute(path),
    publisher: publisher(),
    blogPost: posts.map((post) => ({
      "@type": "BlogPosting",
      headline: post.title,
      url: absolute(blogPostPath(post.slug)),
      datePublished: post.published_at,
      ...(post.category ? { articleSection: post.category } : {}),
    })),
  };
}
