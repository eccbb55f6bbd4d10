/**
 * Copy of the social cards drawn for the blog's pages (src/server/social-card): what each card says.
 * The alt text the pages give their og:image is in social-card-alt.ts, so the pages' script takes
 * none of this.
 */
import { plural } from "../lib/plural";
import { blogCopy } from "./blog";
import { site } from "./site";

const ARTICLES = { one: "article", other: "articles" };

export const socialCardCopy = {
  /** The pill above a post's title when it has no category. */
  post: blogCopy.list.uncategorised,
  readingTime: blogCopy.readingTime,
  list: { eyebrow: blogCopy.list.eyebrow, title: blogCopy.list.heading, subtitle: blogCopy.list.tagline },
  category: {
    eyebrow: blogCopy.list.categoryEyebrow,
    title: blogCopy.list.categoryTitle,
    subtitle: (count: number) => `${count} ${plural(count, ARTICLES)} from the ${site.name} team`,
  },
  tag: {
    eyebrow: "Tag",
    subtitle: (count: number) => `${count} ${plural(count, ARTICLES)} from the ${site.name} team`,
  },
  author: { eyebrow: "Author", subtitle: `Articles on the ${site.name} blog` },
} as const;
