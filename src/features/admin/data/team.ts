/**
 * The team: members and their roles, open invitations, and the team's changes. Reads and role
 * changes are the database's functions called with the signed-in client (RLS and the functions
 * decide who may); invitations and removals go through api/team, which also needs Supabase Auth's
 * admin API. Each function takes the signed-in supabase-js client.
 */
import type { TeamRole } from "../../../content/team";
import type { AppSupabaseClient } from "../../../lib/supabase";

export interface TeamMember {
  userId: string;
  fullName: string | null;
  /** Null unless the reader is the Owner or an Administrator. */
  email: string | null;
  role: TeamRole;
  joinedAt: string;
  lastSignInAt: string | null;
}

export interface TeamInvite {
  id: string;
  email: string;
  role: TeamRole;
  createdAt: string;
  expiresAt: string;
}

/** The roles a lead can be given to (the database refuses any other: *_lead_assignment.sql). */
export const LEAD_ROLES: readonly TeamRole[] = ["owner", "administrator", "sales"];

/** Roles whose posts are their own, so who may receive a removed member's posts. */
export const WRITING_ROLES: readonly TeamRole[] = ["owner", "administrator", "editor", "author", "contributor"];

export async function listMembers(client: AppSupabaseClient): Promise<TeamMember[]> {
  const { data, error } = await client.rpc("team_members");
  if (error) throw error;
  return (data ?? []).map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at,
    lastSignInAt: row.last_sign_in_at,
  }));
}

/** The invitations not yet accepted or withdrawn, newest first (expired ones included: they can be sent again). */
export async function listOpenInvites(client: AppSupabaseClient): Promise<TeamInvite[]> {
  const { data, error } = await client
    .from("team_invites")
    .select("id, email, role, created_at, expires_at")
    .is("accepted_at", null)
    .is("revoked_at", null)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return (data ?? []).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}

/** How many posts a member wrote (what a removal hands over). */
export async function countPostsBy(client: AppSupabaseClient, userId: string): Promise<number> {
  const { count, error } = await client
    .from("posts")
    .select("id", { count: "exact", head: true })
    .eq("author_id", userId);
  if (error) throw error;
  return count ?? 0;
}

export async function changeRole(client: AppSupabaseClient, member: string, role: TeamRole): Promise<void> {
  const { error } = await client.rpc("change_team_role", { member, new_role: role });
  if (error) throw error;
}

export async function handOverOwnership(client: AppSupabaseClient, member: string): Promise<void> {
  const { error } = await client.rpc("hand_over_ownership", { member });
  if (error) throw error;
}

export async function withdrawInvite(client: AppSupabaseClient, invite: string): Promise<void> {
  const { error } = await client.rpc("revoke_team_invite", { invite });
  if (error) throw error;
}

/** POST /api/team with the signed-in session; its `{ message }`, or an Error carrying it. */
export async function callTeamFunction(
  client: AppSupabaseClient,
  body:
    | { action: "invite"; email: string; role: TeamRole }
    | { action: "resend"; invite: string }
    | { action: "remove"; member: string; heir: string | null },
): Promise<string> {
  const { data } = await client.auth.getSession();
  const response = await fetch("/api/team", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(data.session ? { authorization: `Bearer ${data.session.access_token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
  const message = typeof answer.message === "string" ? answer.message : `HTTP ${response.status}`;
  if (!response.ok) throw new Error(message);
  return message;
}
