/**
 * The signed-in member's own profile: what the blog shows of them (name, slug, bio, photo). RLS
 * lets a member change only their own row and only these columns; the database checks the slug's
 * form, the bio's length and the photo's address, and makes the slug from the name when it is
 * empty (20261127110000_author_profiles.sql).
 */
import type { ProfileRow } from "../../../lib/database";
import { fail, NO_ROWS } from "../../../lib/posts";
import type { AppSupabaseClient } from "../../../lib/supabase";

export type MyProfile = Pick<ProfileRow, "id" | "full_name" | "slug" | "bio" | "avatar_url">;

export type ProfileChange = Pick<ProfileRow, "full_name" | "slug" | "bio" | "avatar_url">;

const PROFILE_COLUMNS = "id, full_name, slug, bio, avatar_url";

/** The member's profile, or null when they have none (a user created before profiles existed). */
export async function getMyProfile(client: AppSupabaseClient, userId: string): Promise<MyProfile | null> {
  const { data, error } = await client.from("profiles").select(PROFILE_COLUMNS).eq("id", userId).maybeSingle();
  if (error) fail(error);
  return data;
}

/**
 * Saves the member's profile and answers it as stored (the slug made from the name when it was left
 * empty). No row changed means RLS refused: the signed-in user is not on the team.
 */
export async function saveMyProfile(
  client: AppSupabaseClient,
  userId: string,
  change: ProfileChange,
): Promise<MyProfile> {
  const { data, error } = await client
    .from("profiles")
    .update(change)
    .eq("id", userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) {
    if (error.code === NO_ROWS) fail({ message: "Only members of the team can edit a profile.", code: "42501" });
    fail(error);
  }
  return data;
}
