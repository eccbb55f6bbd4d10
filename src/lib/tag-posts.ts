/**
 * The blog's tags as readers see them (RLS of posts: published posts only): a tag, a page of its
 * posts, every tag for the sitemap. Apart from posts.ts, so only the tag pages and the server carry it.
 */
import { fail, postPageOf, POSTS_PER_PAGE, SUMMARY_COLUMNS, type PostPage, type TagCount } from "./posts";
import type { PublicReader } from "./supabase";

/**
 * Page `page` (from 1) of a tag's posts, newest first, from the view with one row per post and tag
 * (a column filtered by equality, as every REST layer the blog runs on can).
 */
export async function listTagPostPage(reader: PublicReader, tagSlug: string, page: number): Promise<PostPage> {
  const from = (page - 1) * POSTS_PER_PAGE;
  const read = await reader
    .from("tagged_posts")
    .select(SUMMARY_COLUMNS, { count: "exact" })
    .eq("tag", tagSlug)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + POSTS_PER_PAGE - 1);
  return postPageOf(read, page);
}

/** The tag whose page is /blog/tag/{slug}, or null when no post the reader may see has it. */
export async function getTagBySlug(reader: PublicReader, slug: string): Promise<TagCount | null> {
  const { data, error } = await reader
    .from("post_tags")
    .select("slug, name, post_count, updated_at")
    .eq("slug", slug)
    .maybeSingle();
  if (error) fail(error);
  return data;
}

/** Every tag with a post out, for the sitemap (a blog's tags are far fewer than a hosted max_rows). */
export async function listTags(reader: PublicReader): Promise<TagCount[]> {
  const { data, error } = await reader.from("post_tags").select("slug, name, post_count, updated_at").order("slug");
  if (error) fail(error);
  return data ?? [];
}
