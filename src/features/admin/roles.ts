/**
 * What a member of the team may do, as the database says: the table is private.role_capabilities
 * (20261129150000_roles_as_data.sql), every policy asks it through private.can, and the admin reads
 * the signed-in member's row once, with their role (data/admin-access.ts, public.my_capabilities).
 * The capabilities' names are the database's enum public.team_capability, typed by the generated
 * types; no copy of the table lives here. A screen hidden from a role is refused to it there too,
 * so the screens follow the database and never show more data than it gives.
 */
import { Constants } from "../../lib/database.types";
import type { Database } from "../../lib/database";

export { TEAM_ROLES, type TeamRole } from "../../content/team";

/** A right a role may have: `reads_posts`, `works_leads`, … (public.team_capability). */
export type Capability = Database["public"]["Enums"]["team_capability"];

/** Every capability, each true when the member's role has it. */
export type Capabilities = Readonly<Record<Capability, boolean>>;

/** The capabilities a screen or a control asks for: one, or any one of several. */
export type Requirement = Capability | readonly Capability[];

/** The traffic page: the whole site's (most roles) or an Author's own posts'. */
export const READS_TRAFFIC: Requirement = ["reads_site_traffic", "reads_own_traffic"];

/** The member's capabilities from the list the database gives (public.my_capabilities). */
export function capabilitiesFrom(granted: readonly Capability[]): Capabilities {
  const all = Constants.public.Enums.team_capability;
  return Object.fromEntries(all.map((capability) => [capability, granted.includes(capability)])) as Record<
    Capability,
    boolean
  >;
}

/** Whether `can` meets `requirement`. */
export function allows(can: Capabilities, requirement: Requirement): boolean {
  return typeof requirement === "string" ? can[requirement] : requirement.some((capability) => can[capability]);
}

/** A post as far as the rights go: who wrote it and where it stands. */
export interface PostStanding {
  author_id: string;
  status: string;
}

/**
 * Whether the member `userId`, who `can` what they can, may change (edit, delete) `post`: the same
 * steps as private.may_change_post. Everyone's posts with edits_all_posts; their own with
 * publishes_posts; their own drafts with writes_posts alone (a Contributor).
 */
export function mayChangePost(can: Capabilities, userId: string, post: PostStanding): boolean {
  if (can.edits_all_posts) return true;
  if (!can.writes_posts || post.author_id !== userId) return false;
  return can.publishes_posts || post.status === "draft";
}
