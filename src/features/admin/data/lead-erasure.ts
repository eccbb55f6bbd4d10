/**
 * Erasing a lead on the visitor's request: the row, its history (ON DELETE CASCADE) and anything
 * queued for it go in one statement; the database records that an erasure happened, when and by
 * whom (public.lead_erasures, written by a trigger), never what. RLS lets admins alone delete.
 */
import { leadsCopy } from "../../../content/leads";
import type { AppSupabaseClient } from "../../../lib/supabase";

/** Deletes lead `id`; throws with the server's message, or when nothing was deleted (gone, or not allowed). */
export async function eraseLead(client: AppSupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from("leads").delete().eq("id", id).select("id");
  // 23001 (restrict_violation), or 23503 as a foreign key reports it elsewhere: its proposals'
  // payment requests and payments keep it (on delete restrict), because the accounts keep them.
  if (error)
    throw new Error(error.code === "23001" || error.code === "23503" ? leadsCopy.erase.keptForAccounts : error.message);
  if (!data || data.length === 0)
    throw new Error("The lead was not deleted: it no longer exists, or you may not delete it.");
}
