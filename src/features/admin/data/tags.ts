/**
 * Tags and the featured post, as the signed-in member: the tags already used (the editor's
 * suggestions; RLS counts the posts the member may see), the featured post, and featuring one (the
 * database lets only Owner, Administrators and Editors, and swaps in one call).
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import { fail, type Post, type TagCount } from "../../../lib/posts";

/** Every tag in use, most used first. */
export async function listTagsInUse(client: AppSupabaseClient): Promise<TagCount[]> {
  const { data, error } = await client
    .from("post_tags")
    .select("slug, name, post_count, updated_at")
    .order("post_count", { ascending: false })
    .order("name");
  if (error) fail(error);
  return data ?? [];
}

export type FeaturedPost = Pick<Post, "id" | "title">;

/** The featured post, or null. */
export async function getFeaturedPost(client: AppSupabaseClient): Promise<FeaturedPost | null> {
  const { data, error } = await client.from("posts").select("id, title").eq("featured", true).maybeSingle();
  if (error) fail(error);
  return data;
}

/** Features `postId` in place of the featured post, or unfeatures it. */
export async function setFeaturedPost(client: AppSupabaseClient, postId: string, feature: boolean): Promise<void> {
  const { error } = await client.rpc("set_featured_post", { post_id: postId, feature });
  if (error) fail(error);
}
