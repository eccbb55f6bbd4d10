/** The alt text the blog's pages give their drawn social card's og:image (src/server/social-card). */
import { blogCopy } from "./blog";
import { site } from "./site";

/** By page: the list, a category, a tag, an author. */
export const socialCardAlt = {
  list: `${site.name} blog: ${blogCopy.list.heading}`,
  category: (name: string) => `${site.name} blog: ${blogCopy.list.categoryTitle(name)}`,
  tag: (name: string) => `${site.name} blog: articles tagged ${name}`,
  author: (name: string) => `${site.name} blog: articles by ${name}`,
} as const;
