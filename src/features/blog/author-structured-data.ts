/**
 * schema.org data of an author's page (JSON-LD): the author as a `Person` with their page, photo and
 * bio (no `sameAs`: profiles hold no other accounts). Values are user text; Seo's serializer escapes
 * them for the page. Kept apart from the posts' data so that a post's page carries only the name
 * and URL it names its author with (structured-data.ts).
 */
import { isSafeHttpUrl } from "../../lib/format";
import type { AuthorProfile } from "../../lib/posts";
import { blogAuthorPath } from "../../lib/blog-paths";
import { absolute } from "./structured-data";

export function authorPageJsonLd(author: AuthorProfile, name: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name,
    ...(author.slug ? { url: absolute(blogAuthorPath(author.slug)) } : {}),
    ...(isSafeHttpUrl(author.avatar_url) ? { image: author.avatar_url } : {}),
    ...(author.bio ? { description: author.bio } : {}),
  };
}
