/**
 * Whether the signed-in user is one of the blog's admins, so that the admin area can tell a user who
 * is not one why it shows them nothing (RLS hides every row from them either way: this is a courtesy,
 * not the protection).
 *
 * Who is an admin lives in `public.admins`, which the API does not expose, and `private.is_admin()`
 * is not callable over REST. What a user can do is try to write: the posts INSERT policy is
 * "an admin, as themselves". So this sends a post that can never be stored (no title) as the user
 * themselves. Postgres enforces a policy's WITH CHECK before any other constraint (CREATE POLICY,
 * "WITH CHECK expressions are enforced before any other constraints"), so a non-admin is refused by
 * the policy (42501) and an admin by the NOT NULL on the title (23502); nothing is ever written.
 * A migration that let users read their own row of `public.admins` would make this a plain select.
 */
import type { AppSupabaseClient } from "./supabase";

const INSUFFICIENT_PRIVILEGE = "42501";
const NOT_NULL_VIOLATION = "23502";

export async function isAdminUser(client: AppSupabaseClient, userId: string): Promise<boolean> {
  const { error } = await client
    .from("posts")
    // The title is missing on purpose: the row fails whichever check comes first.
    .insert({ title: null as unknown as string, content: "", slug: "", status: "draft", author_id: userId });
  if (error?.code === INSUFFICIENT_PRIVILEGE) return false;
  if (error?.code === NOT_NULL_VIOLATION) return true;
  throw new Error(error ? `Could not check admin access: ${error.message}` : "Could not check admin access.");
}
