/**
 * A post's search and social meta, from its fields (issue 38): one set of rules for the served page
 * (computed where the post is loaded, so the page's script carries none of it), the feed, the
 * sitemap and the editor's previews. Every field is optional and falls back to what the page did
 * before the fields existed:
 *
 *   search title        seo_title, else "<title> | <site>"
 *   search description  seo_description, else the description the loader made (excerpt or the body's first lines)
 *   canonical URL       canonical_url (http(s) only), else the post's own URL
 *   social title        social_title, else the search title
 *   social description  social_description, else the search description
 *   social image        social_image_url, else the cover (http(s) only), else the card drawn for the
 *                       post (/blog/<slug>/card.png?v=<update>, 1200x630)
 *
 * Pure: the copy it needs (the site's name, the drawn card's description) comes in as an argument.
 */
import { config } from "../config";
import { blogPostPath, socialCardPath, SOCIAL_CARD_SIZE } from "./blog-paths";
import { isSafeHttpUrl } from "./format";
import { imageSizeFromUrl } from "./image-size";
import type { Post } from "./posts";

/** What Google shows of a title and a description before it cuts them (about; it measures pixels). */
export const SEARCH_TITLE_LIMIT = 60;
export const SEARCH_DESCRIPTION_LIMIT = 155;

/**
 * The database's bounds on the fields (20261128100000_post_search_social.sql's checks; its test
 * saves each field at these lengths and one over): far above Google's, which only advise.
 */
export const POST_FIELD_BOUNDS = { title: 200, description: 400, address: 2048 } as const;

/**
 * The database's bounds on a post's title and category (20261129100000_post_title_bounds.sql's
 * checks and autosave_post(); its test saves each at these lengths and one over): the editor's
 * fields stop there, and a save over them is refused with the field's name (issue 43: a
 * 1,600-character title held the drawn card up for 41 s).
 */
export const POST_TEXT_BOUNDS = { title: 200, category: 60 } as const;

/** The post's search and social columns: what the editor writes beside the post to steer the rules. */
export type SearchSocialColumn =
  "seo_title" | "seo_description" | "canonical_url" | "social_title" | "social_description" | "social_image_url";

/** The post's columns the rules read. */
export type PostMetaFields = Pick<Post, "title" | "slug" | "updated_at" | "image_url" | SearchSocialColumn>;

export interface PostMetaCopy {
  siteName: string;
  /** The drawn card's description for people who cannot see it. */
  cardAlt: (title: string) => string;
}

export interface MetaImage {
  /** Absolute. */
  url: string;
  /** Known for the drawn card and for uploads whose name carries their size. */
  size?: { width: number; height: number };
  alt: string;
  /** Whether it is the card drawn for the post (no social image, no cover). */
  drawn: boolean;
}

export interface PostMeta {
  /** The document title and the search result's title. */
  title: string;
  description: string;
  /** Absolute: canonical_url, or the post's own URL. */
  canonical: string;
  /** The post's own URL (og:url, what is shared). */
  url: string;
  socialTitle: string;
  socialDescription: string;
  image: MetaImage;
}

/** A field's text, or null when it has no words (blank counts as unset). */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A field's address when it is a web address (http or https), else null. */
function webAddress(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return isSafeHttpUrl(trimmed) ? trimmed : null;
}

function absolute(path: string): string {
  return `${config.siteUrl}${path}`;
}

/**
 * The drawn card's version: the post's last change (base 36 milliseconds), so a changed post gets
 * a new card URL. The blog function answers a card URL with another version with a 301 to this one.
 */
export function cardVersion(updatedAt: string): string | undefined {
  const time = Date.parse(updatedAt);
  return Number.isFinite(time) ? time.toString(36) : undefined;
}

/** The image a link card shows when no social image is set: the cover, else the drawn card. */
function coverOrCard(post: Pick<PostMetaFields, "title" | "slug" | "updated_at" | "image_url">, copy: PostMetaCopy) {
  const cover = webAddress(post.image_url);
  if (cover) return linkedImage(cover, post.title);
  return {
    url: absolute(socialCardPath(blogPostPath(post.slug), cardVersion(post.updated_at))),
    size: { ...SOCIAL_CARD_SIZE },
    alt: copy.cardAlt(post.title),
    drawn: true,
  } satisfies MetaImage;
}

function linkedImage(url: string, title: string): MetaImage {
  const size = imageSizeFromUrl(url);
  return { url, ...(size ? { size } : {}), alt: title, drawn: false };
}

/** The search title when none is written: the post's title with the site's name. */
function defaultSearchTitle(title: string, siteName: string): string {
  return `${title} | ${siteName}`;
}

/**
 * The meta of a post. `description` is the post's own description (RenderedPost.description: the
 * excerpt, or the body's first lines), what the search description falls back to.
 */
export function postMeta(post: PostMetaFields, description: string, copy: PostMetaCopy): PostMeta {
  const url = absolute(blogPostPath(post.slug));
  const title = text(post.seo_title) ?? defaultSearchTitle(post.title, copy.siteName);
  const searchDescription = searchDescriptionOf(post, description);
  return {
    title,
    description: searchDescription,
    canonical: webAddress(post.canonical_url) ?? url,
    url,
    socialTitle: text(post.social_title) ?? title,
    socialDescription: text(post.social_description) ?? searchDescription,
    image: shareImage(post, copy),
  };
}

/** The search description: seo_description, else `fallback` (the post's own description). */
export function searchDescriptionOf(post: Pick<PostMetaFields, "seo_description">, fallback: string): string {
  return text(post.seo_description) ?? fallback;
}

/** The image a shared link shows: the social image, else the cover, else the drawn card. */
export function shareImage(
  post: Pick<PostMetaFields, "title" | "slug" | "updated_at" | "image_url" | "social_image_url">,
  copy: PostMetaCopy,
): MetaImage {
  const socialImage = webAddress(post.social_image_url);
  return socialImage ? linkedImage(socialImage, post.title) : coverOrCard(post, copy);
}

/**
 * Whether the post names another page as canonical (it then stays out of the sitemap). Its own
 * address written in the field is not another page.
 */
export function isCanonicalElsewhere(post: Pick<PostMetaFields, "canonical_url" | "slug">): boolean {
  const canonical = webAddress(post.canonical_url);
  return canonical !== null && canonical.replace(/\/+$/, "") !== absolute(blogPostPath(post.slug));
}

/**
 * Text cut as a search result cuts it: whole words up to `limit` characters, then an ellipsis;
 * unchanged when it fits.
 */
export function truncateForDisplay(value: string, limit: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  // A single long word is cut where it must be, rather than dropped.
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
