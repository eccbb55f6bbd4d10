/**
 * What a tag's page renders with (blog-data.ts has the other pages'): the server seeds it, the page
 * loads it after a client-side navigation. Apart so that no other page's script carries it.
 */
import type { NotFound } from "./blog-data";
import type { BlogRoute } from "./blog-paths";
import type { PostPage, TagCount } from "./posts";
import type { PublicReader } from "./supabase";
import { getTagBySlug, listTagPostPage } from "./tag-posts";

/** A tag's page: the tag and one page of its posts. */
export interface BlogTagData {
  status: "found";
  tag: TagCount;
  page: PostPage;
}

/** A tag's page: not found for a tag no post the reader may see has (RLS), or a page past the last. */
export async function loadBlogTag(
  reader: PublicReader,
  route: Extract<BlogRoute, { kind: "tag" }>,
): Promise<BlogTagData | NotFound> {
  const [tag, page] = await Promise.all([
    getTagBySlug(reader, route.slug),
    listTagPostPage(reader, route.slug, route.page),
  ]);
  if (!tag || page.posts.length === 0) return { status: "not-found" };
  return { status: "found", tag, page };
}
