import { site } from "./site";
import type { PostMetaCopy } from "../lib/post-meta";

/** What a post's search and social meta says of itself (src/lib/post-meta.ts takes it as an argument). */
export const postMetaCopy: PostMetaCopy = {
  siteName: site.name,
  cardAlt: (title) => `${title}: an article from the ${site.name} blog`,
};
