/**
 * The URL segment of a category page: 'Web Design' -> 'web-design'. The database derives the same
 * value into posts.category_slug (supabase/migrations/20261122100000_blog_rendering.sql), and category
 * pages filter on that column, so the two rules must stay identical.
 */
export function categorySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
