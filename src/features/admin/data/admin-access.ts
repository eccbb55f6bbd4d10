/**
 * The signed-in user's role on the team, or null for a user who is not a member, so that the admin
 * area follows the role and can tell a non-member why it shows them nothing (RLS decides what each
 * role reads either way: this is a courtesy, not the protection). A user may read their own row of
 * `public.admins`, `user_id` and `role` only (migration 20261127100000_team_roles.sql).
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { TeamRole } from "../roles";

export async function memberRole(client: AppSupabaseClient, userId: string): Promise<TeamRole | null> {
  const { data, error } = await client.from("admins").select("user_id, role").eq("user_id", userId).maybeSingle();
  if (error) throw new Error(`Could not check admin access: ${error.message}`);
  return data?.role ?? null;
}
