/**
 * Every query on posts. Pages call these functions and never build queries themselves. Reads of
 * public rows go through the light anonymous reader; writes and the editor's read go through the
 * signed-in supabase-js client, so RLS sees the admin. Each
 * function throws an Error carrying the server's message when the call fails, so that the page can
 * show it (the create and update failures show the server's message to the admin).
 */
import type { PostRow } from "./database.types";
import { createSlug } from "./slug";
import { getPublicReader, getSupabase } from "./supabase";

export type Post = PostRow;

/** A post with its author's public profile, as the post page reads it. */
export type PostWithAuthor = Post & { author: { full_name: string | null } | null };

export type RecentPost = Pick<Post, "id" | "title" | "created_at" | "slug">;

/** What the admin types into the post form. */
export interface PostInput {
  title: string;
  content: string;
  category: string;
  imageUrl: string;
}

/** PostgREST's code for "`.single()` found no row". */
const NO_ROWS = "PGRST116";

function fail(error: { message: string }): never {
  throw new Error(error.message);
}

function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** All posts, newest first. */
export async function listPosts(): Promise<Post[]> {
  const supabase = await getPublicReader();
  const { data, error } = await supabase.from("posts").select("*").order("created_at", { ascending: false });
  if (error) fail(error);
  return data ?? [];
}

/** The newest posts other than `excludeId` (the post being read). */
export async function listRecentPosts(excludeId: string, limit = 3): Promise<RecentPost[]> {
  const supabase = await getPublicReader();
  const { data, error } = await supabase
    .from("posts")
    .select("id, title, created_at, slug")
    .neq("id", excludeId)
    .order("created_at", { ascending: false })
    .limit(limit);
  if (error) fail(error);
  return data ?? [];
}

/** Distinct non-empty categories, alphabetical. */
export async function listCategories(): Promise<string[]> {
  const supabase = await getPublicReader();
  const { data, error } = await supabase.from("posts").select("category");
  if (error) fail(error);
  const names = new Set<string>();
  for (const row of data ?? []) {
    const name = row.category?.trim();
    if (name) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** One post with its author's name, or null when no post has this slug. */
export async function getPostBySlug(slug: string): Promise<PostWithAuthor | null> {
  const supabase = await getPublicReader();
  const { data, error } = await supabase.from("posts").select("*, author:profiles(full_name)").eq("slug", slug).single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    fail(error);
  }
  return data as PostWithAuthor;
}

/** One post by id (the admin's edit form), or null. */
export async function getPostById(id: string): Promise<Post | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("posts").select("*").eq("id", id).single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    fail(error);
  }
  return data;
}

/** Publishes a post as `authorId` (the signed-in admin); the slug follows the spec's rule. */
export async function createPost(input: PostInput, authorId: string): Promise<Post> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("posts")
    .insert({
      title: input.title.trim(),
      content: input.content,
      category: optional(input.category),
      image_url: optional(input.imageUrl),
      author_id: authorId,
      slug: createSlug(input.title.trim()),
    })
    .select()
    .single();
  if (error) fail(error);
  return data;
}

/** Saves an edit. The slug is left alone, so links to the post keep working. */
export async function updatePost(id: string, input: PostInput): Promise<Post> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("posts")
    .update({
      title: input.title.trim(),
      content: input.content,
      category: optional(input.category),
      image_url: optional(input.imageUrl),
    })
    .eq("id", id)
    .select()
    .single();
  if (error) {
    if (error.code === NO_ROWS) throw new Error("The post was not found, or you may not edit it.");
    fail(error);
  }
  return data;
}

/** Deletes a post; throws when nothing was deleted (unknown id, or not allowed by the policies). */
export async function deletePost(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("posts").delete().eq("id", id).select("id");
  if (error) fail(error);
  if (!data || data.length === 0) throw new Error("The post was not found, or you may not delete it.");
}
