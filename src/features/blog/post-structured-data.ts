/**
 * schema.org data of a post's page (JSON-LD): `BlogPosting` and a `BreadcrumbList`. Values are user text; Seo's serializer escapes them for the page.
 * Made where the post is loaded (post-page-meta.ts), so the page's script does not carry it.
 */
import { blogCopy } from "../../content/blog";
import type { PostMeta } from "../../lib/post-meta";
import type { PostWithAuthor } from "../../lib/posts";
import { blogAuthorPath, blogPostPath } from "../../lib/blog-paths";
import { site } from "../../content/site";
import { absolute, publisher } from "./structured-data";

/**
 * From the post's meta (lib/post-meta.ts): its search description, its share image and its
 * canonical URL, which is the page's own unless the post was first published elsewhere. The author
 * is a `Person` with their page's URL (the page describes them further: author-structured-data.ts),
 * or the company when the author has no name to show.
 */
export function blogPostingJsonLd(post: PostWithAuthor, meta: PostMeta): Record<string, unknown> {
  const url = meta.canonical;
  const { author } = post;
  const name = author?.full_name?.trim();
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: meta.description,
    image: { "@type": "ImageObject", url: meta.image.url, ...meta.image.size },
    datePublished: post.published_at,
    dateModified: post.updated_at,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(post.category ? { articleSection: post.category } : {}),
    author: name
      ? { "@type": "Person", name, url: author?.slug ? absolute(blogAuthorPath(author.slug)) : undefined }
      : { "@type": "Organization", name: site.name, url: absolute("/") },
    publisher: publisher(),
  };
}

export function postBreadcrumbJsonLd(post: Pick<PostWithAuthor, "title" | "slug">): Record<string, unknown> {
  const items = [
    { name: blogCopy.breadcrumbs.home, url: absolute("/") },
    { name: blogCopy.breadcrumbs.blog, url: absolute("/blog") },
    { name: post.title, url: absolute(blogPostPath(post.slug)) },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
