/**
 * Who is on the team, for the screens that say who did what and let a lead be assigned: names and
 * roles from public.team_members(), which every member may call (e-mail addresses come only for the
 * Owner and Administrators; supabase/migrations/*_team_roles.sql).
 */
import type { AppSupabaseClient } from "../../../lib/supabase";

type TeamRole = "owner" | "administrator" | "editor" | "author" | "contributor" | "sales";

export interface TeamName {
  user_id: string;
  /** From the member's profile; may be empty. */
  full_name: string | null;
  /** For the Owner and Administrators only; null for anyone else. */
  email: string | null;
  role: TeamRole;
}

/** The roles a lead can be given to (the database refuses any other: *_lead_assignment.sql). */
export const LEAD_ROLES: readonly TeamRole[] = ["owner", "administrator", "sales"];

export async function listTeamNames(client: AppSupabaseClient): Promise<TeamName[]> {
  const { data, error } = await client.rpc("team_members");
  if (error) throw error;
  return (data ?? []).map(({ user_id, full_name, email, role }) => ({ user_id, full_name, email, role }));
}

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
