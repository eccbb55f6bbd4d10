import { site } from "./site";

/** What a post's search and social meta says of itself (src/lib/post-meta.ts takes it as an argument). */
export const postMetaCopy = {
  siteName: site.name,
  /** The drawn card's description, for people who cannot see it. */
  cardAlt: (title: string) => `${title}: an article from the ${site.name} blog`,
};
