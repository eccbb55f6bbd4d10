/**
 * Whether the signed-in user is one of the blog's admins, so that the admin area can tell a user who
 * is not one why it shows them nothing (RLS hides every row from them either way: this is a courtesy,
 * not the protection). A user may read their own row of `public.admins` and nothing else of it
 * (migration 20261124140000_admins_read_own_row.sql).
 */
import type { AppSupabaseClient } from "../../../lib/supabase";

export async function isAdminUser(client: AppSupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await client.from("admins").select("user_id").eq("user_id", userId).maybeSingle();
  if (error) throw new Error(`Could not check admin access: ${error.message}`);
  return data !== null;
}
