/** Copy of the blog's tags: tag pages, the list of a post's tags, and the featured post's card. */

import { plural } from "../lib/plural";

export const tagsCopy = {
  eyebrow: "Tag",
  /** Under the tag's name on its page: '4 articles tagged SEO'. */
  postCount: (count: number, name: string) =>
    `${count} ${plural(count, { one: "article", other: "articles" })} tagged ${name}`,
  seoTitle: (name: string) => `Articles tagged ${name}`,
  seoDescription: (name: string) =>
    `Articles tagged ${name} on web design, CRM automation and paid ads, on the Ascend Digital blog.`,
  loading: "Loading the tag's articles...",
  notFound: "No articles have this tag.",
  notFoundBody: "The address may be mistyped, or the tag's articles are not out yet.",
  /** The label of the list of a post's tags, under its body. */
  postTags: "Tags",
  /** The label of the featured post's card, leading /blog. */
  featured: "Featured",
} as const;
