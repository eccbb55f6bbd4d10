/**
 * schema.org data of a post's page (JSON-LD): `BlogPosting` and a `BreadcrumbList`. Values are user text; Seo's serializer escapes them for the page.
 */
import { defaultOgImage } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { isSafeHttpUrl } from "../../lib/format";
import { imageSizeFromUrl } from "../../lib/image-size";
import type { PostWithAuthor } from "../../lib/posts";
import { blogAuthorPath, blogPostPath } from "../../lib/blog-paths";
import { site } from "../../content/site";
import { absolute, publisher } from "./structured-data";

function postImage(post: Pick<PostWithAuthor, "image_url">) {
  if (!isSafeHttpUrl(post.image_url)) {
    return {
      "@type": "ImageObject",
      url: absolute(defaultOgImage.path),
      width: defaultOgImage.width,
      height: defaultOgImage.height,
    };
  }
  const size = imageSizeFromUrl(post.image_url);
  return { "@type": "ImageObject", url: post.image_url, ...(size ?? {}) };
}

/**
 * `description` is the post's meta description (RenderedPost.description). The author is a `Person`
 * with their page's URL (the page describes them further: author-structured-data.ts), or the
 * company when the author has no name to show.
 */
export function blogPostingJsonLd(post: PostWithAuthor, description: string): Record<string, unknown> {
  const url = absolute(blogPostPath(post.slug));
  const { author } = post;
  const name = author?.full_name?.trim();
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description,
    image: postImage(post),
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
