/**
 * schema.org data of the blog's pages (JSON-LD): `Blog` on lists, `BlogPosting` and a
 * `BreadcrumbList` on posts. Values are user text; Seo's serializer escapes them for the page.
 */
import { config } from "../../config";
import { blogCopy } from "../../content/blog";
import { siteIcons } from "../../content/seo";
import { site } from "../../content/site";
import { isSafeHttpUrl, metaDescription } from "../../lib/format";
import { markdownToPlainText } from "../../lib/markdown";
import { imageSizeFromUrl } from "../../lib/image-size";
import type { PostSummary, PostWithAuthor } from "../../lib/posts";
import { blogPostPath } from "./blog-paths";
import { defaultOgImage } from "../../components/ui/Seo";
import { authorName } from "./PostArticle";

function absolute(path: string): string {
  return `${config.siteUrl}${path}`;
}

function publisher() {
  return {
    "@type": "Organization",
    "@id": `${config.siteUrl}/#organization`,
    name: site.name,
    url: absolute("/"),
    logo: { "@type": "ImageObject", url: absolute(siteIcons.png512), width: 512, height: 512 },
  };
}

function postImage(post: Pick<PostWithAuthor, "image_url">) {
  if (!isSafeHttpUrl(post.image_url)) {
    return { "@type": "ImageObject", url: absolute(defaultOgImage.path), width: defaultOgImage.width, height: defaultOgImage.height };
  }
  const size = imageSizeFromUrl(post.image_url);
  return { "@type": "ImageObject", url: post.image_url, ...(size ?? {}) };
}

/** The post's meta description: its excerpt when it has one, else the start of its text (160 characters). */
export function postDescription(post: Pick<PostWithAuthor, "excerpt" | "content">): string {
  return metaDescription(post.excerpt?.trim() || markdownToPlainText(post.content));
}

export function blogPostingJsonLd(post: PostWithAuthor): Record<string, unknown> {
  const url = absolute(blogPostPath(post.slug));
  const hasAuthorName = Boolean(post.author?.full_name?.trim());
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: postDescription(post),
    image: postImage(post),
    datePublished: post.published_at,
    dateModified: post.updated_at,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(post.category ? { articleSection: post.category } : {}),
    author: hasAuthorName ? { "@type": "Person", name: authorName(post) } : { "@type": "Organization", name: site.name, url: absolute("/") },
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
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}

/** The blog (or one category of it) with the posts of the page shown. */
export function blogJsonLd({ path, name, description, posts }: { path: string; name: string; description: string; posts: PostSummary[] }): Record<string, unknown> {
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
