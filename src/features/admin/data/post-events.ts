/** A post's history as public.post_events records it (written by a trigger); read by the editor's History. */
import type { AppSupabaseClient } from "../../../lib/supabase";

/** What public.post_events records (its kind check). */
type PostEventKind =
  "created" | "edited" | "published" | "scheduled" | "unpublished" | "handed_over" | "featured" | "unfeatured";

export interface PostEvent {
  id: number;
  kind: PostEventKind;
  actor_id: string | null;
  created_at: string;
}

/** A post's history (public.post_events, written by a trigger), newest first. */
export async function listPostEvents(client: AppSupabaseClient, postId: string): Promise<PostEvent[]> {
  const { data, error } = await client
    .from("post_events")
    .select("id, kind, actor_id, created_at")
    .eq("post_id", postId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return (data ?? []) as PostEvent[];
}
