/**
 * A post's revisions (public.post_revisions): every save, written by the database's trigger, and
 * each member's latest autosave, written by autosave_post() without touching the live post
 * (supabase/migrations/*_post_revisions.sql).
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { PostInput } from "./posts";

type RevisionKind = "save" | "autosave";

export interface PostRevision {
  id: number;
  kind: RevisionKind;
  title: string;
  content: string;
  excerpt: string | null;
  category: string | null;
  image_url: string | null;
  image_alt: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image_url: string | null;
  published: boolean;
  author_id: string | null;
  created_at: string;
}

const COLUMNS =
  "id, kind, title, content, excerpt, category, image_url, image_alt, seo_title, seo_description, canonical_url, social_title, social_description, social_image_url, published, author_id, created_at";

/** The post's revisions, newest first. */
export async function listPostRevisions(client: AppSupabaseClient, postId: string): Promise<PostRevision[]> {
  const { data, error } = await client
    .from("post_revisions")
    .select(COLUMNS)
    .eq("post_id", postId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return (data ?? []) as PostRevision[];
}

/** Keeps what is typed as the member's autosave of the post; answers when it was kept. */
export async function autosavePost(client: AppSupabaseClient, postId: string, values: PostInput): Promise<string> {
  const { data, error } = await client.rpc("autosave_post", {
    post: postId,
    new_title: values.title,
    new_content: values.content,
    new_excerpt: values.excerpt.trim() || undefined,
    new_category: values.category.trim() || undefined,
    new_image_url: values.imageUrl.trim() || undefined,
    new_image_alt: values.imageAlt.trim() || undefined,
    new_seo_title: values.seoTitle?.trim() || undefined,
    new_seo_description: values.seoDescription?.trim() || undefined,
    new_canonical_url: values.canonicalUrl?.trim() || undefined,
    new_social_title: values.socialTitle?.trim() || undefined,
    new_social_description: values.socialDescription?.trim() || undefined,
    new_social_image_url: values.socialImageUrl?.trim() || undefined,
  });
  if (error) throw error;
  return data;
}
