import { categorySlug } from "../../../lib/category";

/** The database's limits (20261127210000_post_tags.sql): checked here too so the editor says so first. */
export const MAX_TAGS = 10;
export const TAG_MAX_LENGTH = 40;

/**
 * `tags` with `raw` added: trimmed, and not when it is empty, has no letter or digit, repeats a tag
 * already there in any case (the same slug), or the post has MAX_TAGS already.
 */
export function addTag(tags: string[], raw: string): string[] {
  const tag = raw.trim().slice(0, TAG_MAX_LENGTH).trim();
  const slug = categorySlug(tag);
  if (!slug || tags.length >= MAX_TAGS || tags.some((existing) => categorySlug(existing) === slug)) return tags;
  return [...tags, tag];
}

/**
 * The tags in use that match what is typed (anywhere in the name, any case) and are not on the
 * post yet, at most `limit`, in the order given (most used first).
 */
export function matchingTags<T extends { name: string; slug: string }>(
  inUse: T[],
  tags: string[],
  typed: string,
  limit = 8,
): T[] {
  const query = typed.trim().toLowerCase();
  const chosen = new Set(tags.map(categorySlug));
  return inUse
    .filter((tag) => !chosen.has(tag.slug) && (!query || tag.name.toLowerCase().includes(query)))
    .slice(0, limit);
}
