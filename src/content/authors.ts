/** Copy of the blog's authors' pages, and the link to one from the About The Author card. */

import { plural } from "../lib/plural";

export const authorsCopy = {
  /** Under the author's name on their page: '4 articles on the Ascend Digital blog'. */
  postCount: (count: number) =>
    `${count} ${plural(count, { one: "article", other: "articles" })} on the Ascend Digital blog`,
  eyebrow: "Author",
  seoTitle: (name: string) => `${name}, author`,
  /** The page's description when the author has written no bio. */
  seoDescription: (name: string) =>
    `Articles by ${name} on web design, CRM automation and paid ads, on the Ascend Digital blog.`,
  loading: "Loading the author's articles...",
  notFound: "This author has no page.",
  notFoundBody: "The address may be mistyped, or the author has no articles out yet.",
  /** The card's link to the author's page, beside a post. */
  allPosts: (name: string) => `All articles by ${name}`,
} as const;
