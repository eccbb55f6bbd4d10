/**
 * What each page's card says: the page's facts, read with the anon reader (RLS decides, so a draft
 * or a scheduled post has no card), worded with the copy. Part of the blog's bundle (blog.ts calls
 * it); the drawing itself (render.ts) is given to the bundle by the function's adapter.
 */
import { config } from "../../config";
import { site } from "../../content/site";
import { socialCardCopy as copy } from "../../content/social-card";
import type { CardRoute } from "./card-route";
import { getAuthorBySlug, getListCardFacts, getPostCardFacts } from "../../lib/posts";
import { cardVersion } from "../../lib/post-meta";
import type { PublicReader } from "../../lib/supabase";
import type { SocialCard } from "./card";

/** The blog's address as the card prints it: the site's host and /blog. */
function address(): string {
  return `${new URL(config.siteUrl).host}/blog`;
}

/**
 * A page's card and the version its URL carries (`?v=`): a post's is its last change (post-meta.ts's
 * cardVersion, as the post's page names it); the list's, a category's, a tag's and an author's
 * cards have none (their pages link them bare), and their URL carries no query.
 */
export interface VersionedCard {
  card: SocialCard;
  version: string | null;
}

/** The card of `route` and its version, or null when the page does not exist for a reader. */
export async function loadSocialCard(reader: PublicReader, route: CardRoute): Promise<VersionedCard | null> {
  if (route.kind === "post") {
    const post = await getPostCardFacts(reader, route.slug);
    if (!post) return null;
    const author = post.author?.full_name?.trim();
    return {
      card: {
        siteName: site.name,
        address: address(),
        eyebrow: post.category?.trim() || copy.post,
        title: post.title,
        details: [
          ...(author ? [author] : []),
          ...(post.reading_minutes ? [copy.readingTime(post.reading_minutes)] : []),
        ],
      },
      version: cardVersion(post.updated_at) ?? null,
    };
  }
  const card = await loadListCard(reader, route);
  return card ? { card, version: null } : null;
}

/** The card of a page of posts (the list, a category, a tag, an author), or null. */
async function loadListCard(
  reader: PublicReader,
  route: Exclude<CardRoute, { kind: "post" }>,
): Promise<SocialCard | null> {
  const brand = { siteName: site.name, address: address() };
  if (route.kind === "list" && !route.categorySlug) return { ...brand, ...copy.list, details: [] };
  if (route.kind === "author") {
    const author = await getAuthorBySlug(reader, route.slug);
    // A profile with no name is the team's, as the author's page shows it.
    const name = author?.full_name?.trim() || site.name;
    return author
      ? { ...brand, eyebrow: copy.author.eyebrow, title: name, subtitle: copy.author.subtitle, details: [] }
      : null;
  }
  const [kind, slug] =
    route.kind === "list" ? (["category", route.categorySlug ?? ""] as const) : (["tag", route.slug] as const);
  const facts = await getListCardFacts(reader, kind, slug);
  if (!facts?.name || !facts.post_count) return null;
  return kind === "tag"
    ? {
        ...brand,
        eyebrow: copy.tag.eyebrow,
        title: `#${facts.name}`,
        subtitle: copy.tag.subtitle(facts.post_count),
        details: [],
      }
    : {
        ...brand,
        eyebrow: copy.category.eyebrow,
        title: copy.category.title(facts.name),
        subtitle: copy.category.subtitle(facts.post_count),
        details: [],
      };
}
