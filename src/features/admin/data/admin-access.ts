/**
 * The signed-in user's standing on the team: their role and what it allows, or null for a user who
 * is not a member, so that the admin area follows the role and can tell a non-member why it shows
 * them nothing (RLS decides what each role reads either way: this is a courtesy, not the protection).
 * A user may read their own row of `public.admins` (migration 20261127100000_team_roles.sql); what
 * the role allows is the database's table, read through public.my_capabilities.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { Capability, TeamRole } from "../roles";

export interface Standing {
  role: TeamRole;
  capabilities: Capability[];
}

export async function memberStanding(client: AppSupabaseClient, userId: string): Promise<Standing | null> {
  const [admin, granted] = await Promise.all([
    client.from("admins").select("user_id, role").eq("user_id", userId).maybeSingle(),
    client.rpc("my_capabilities"),
  ]);
  if (admin.error) throw new Error(`Could not check admin access: ${admin.error.message}`);
  if (!admin.data) return null;
  if (granted.error) throw new Error(`Could not read what your role may do: ${granted.error.message}`);
  return { role: admin.data.role, capabilities: granted.data };
}

/** The whole table, role by role: what a screen a role may not open says of the roles that may. */
export async function teamRoleCapabilities(
  client: AppSupabaseClient,
): Promise<{ role: TeamRole; capability: Capability }[]> {
  const { data, error } = await client.rpc("team_role_capabilities");
  if (error) throw new Error(`Could not read the roles' rights: ${error.message}`);
  return data;
}
