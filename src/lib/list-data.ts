/**
 * What the list pages render with: blog-data.ts's list, and on /blog's first page the featured post.
 * Apart from blog-data.ts, which every blog page's script carries, so only the list pages carry this.
 */
import { loadBlogList, type BlogListData, type NotFound } from "./blog-data";
import type { BlogRoute } from "./blog-paths";
import { fail, SUMMARY_COLUMNS, type PostSummary } from "./posts";
import type { PublicReader } from "./supabase";

export type BlogListPageData = BlogListData & {
  /** The featured post, on the first page of the main list only. */
  featured: PostSummary | null;
};

/** The featured post, or null: none is featured, or (RLS decides) it is not out. */
async function getFeaturedPost(reader: PublicReader): Promise<PostSummary | null> {
  const { data, error } = await reader.from("posts").select(SUMMARY_COLUMNS).eq("featured", true).maybeSingle();
  if (error) fail(error);
  return data;
}

/** A list page with, on /blog's first page, the featured post that leads it. */
export async function loadBlogListPage(
  reader: PublicReader,
  route: Extract<BlogRoute, { kind: "list" }>,
): Promise<BlogListPageData | NotFound> {
  const leads = route.page === 1 && !route.categorySlug;
  const [list, featured] = await Promise.all([loadBlogList(reader, route), leads ? getFeaturedPost(reader) : null]);
  return list.status === "found" ? { ...list, featured } : list;
}
