/**
 * Which page a card's path is (`socialCardPath` in lib/blog-paths.ts makes them): the blog's handler
 * asks before it matches a page. Here, not beside socialCardPath, because only the server reads it:
 * lib/blog-paths.ts is in every blog page's script, and a post page has no byte to spare.
 */
import { matchBlogPath } from "../../lib/blog-paths";

/** The pages that have a drawn card: a post, and page 1 of the list, a category, a tag, an author. */
export type CardRoute =
  | { kind: "post"; slug: string }
  | { kind: "list"; categorySlug: string | null }
  | { kind: "tag" | "author"; slug: string };

/** The page whose card `pathname` is (`…/card.png`), or null when it is no card's path. */
export function matchSocialCardPath(pathname: string): CardRoute | null {
  const match = /^(\/blog(?:\/.*)?)\/card\.png$/.exec(pathname);
  if (!match) return null;
  const route = matchBlogPath(match[1]!);
  if (!route || route.kind === "search" || ("page" in route && route.page !== 1)) return null;
  if (route.kind === "list") return { kind: "list", categorySlug: route.categorySlug };
  return { kind: route.kind, slug: route.slug };
}
