/**
 * What each role of the team may do in the admin, as one table: the navigation, the route guard, the
 * dashboard's widgets and the post screens all ask it. The database's table, private.role_capabilities
 * (20261129150000_roles_as_data.sql), which every policy asks through private.can, is the protection:
 * a screen hidden here is refused there too, so a wrong answer here shows a control that fails or
 * hides one that would work, never more data. supabase/tests/role-table.test.ts compares all ten
 * fields, role by role, with public.my_capabilities().
 */
import { TEAM_ROLES, type TeamRole } from "../../content/team";

// One list of the roles, in the content module the Team page also reads.
export { TEAM_ROLES, type TeamRole };

export interface Capabilities {
  /** Sees the posts (the dashboard's list and the previews): everyone. */
  readsPosts: boolean;
  /** Writes posts of their own and uploads images (private.writes_posts): all but Sales. */
  writesPosts: boolean;
  /** Edits, publishes and deletes everyone's posts and images (private.edits_all_posts). */
  editsAllPosts: boolean;
  /** Publishes and schedules (their own, or every post with editsAllPosts); a Contributor does not. */
  publishesPosts: boolean;
  /** Leads, calls, call settings and campaigns (private.works_leads). */
  worksLeads: boolean;
  /** The traffic page: the whole site's, or an Author's own posts' (the database narrows it). */
  readsTraffic: boolean;
  /** Whose traffic: the whole site's, only the member's own posts', or none. */
  trafficScope: "site" | "own posts" | "none";
  /** Invites, changes roles and removes members, and sees the Integrations screen (private.is_admin). */
  managesTeam: boolean;
  /** Hands over ownership: the Owner alone. */
  handsOverOwnership: boolean;
  /** Reads personal data (leads, the team's addresses), so the agency's requirement of a second factor (public.security_settings) applies to them. */
  readsPersonalData: boolean;
}

/** A right a screen may require (the route table's `requires`). */
export type Capability = { [K in keyof Capabilities]: Capabilities[K] extends boolean ? K : never }[keyof Capabilities];

const SITE: Pick<Capabilities, "readsTraffic" | "trafficScope"> = { readsTraffic: true, trafficScope: "site" };
const NONE = { readsTraffic: false, trafficScope: "none" } as const;

/** The role table of issue 37, row by row. */
const TABLE: Record<TeamRole, Capabilities> = {
  owner: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: true,
    ...SITE,
    managesTeam: true,
    handsOverOwnership: true,
    readsPersonalData: true,
  },
  administrator: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: true,
    ...SITE,
    managesTeam: true,
    handsOverOwnership: false,
    readsPersonalData: true,
  },
  editor: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: true,
    publishesPosts: true,
    worksLeads: false,
    ...SITE,
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  author: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: false,
    publishesPosts: true,
    worksLeads: false,
    readsTraffic: true,
    trafficScope: "own posts",
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  contributor: {
    readsPosts: true,
    writesPosts: true,
    editsAllPosts: false,
    publishesPosts: false,
    worksLeads: false,
    ...NONE,
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: false,
  },
  sales: {
    readsPosts: true,
    writesPosts: false,
    editsAllPosts: false,
    publishesPosts: false,
    worksLeads: true,
    ...SITE,
    managesTeam: false,
    handsOverOwnership: false,
    readsPersonalData: true,
  },
};

export function capabilitiesOf(role: TeamRole): Capabilities {
  return TABLE[role];
}

/** The roles that have `capability`, in the table's order: what a 'no access' page names. */
export function rolesWith(capability: Capability): TeamRole[] {
  return TEAM_ROLES.filter((role) => TABLE[role][capability]);
}

/** A post as far as the rights go: who wrote it and where it stands. */
export interface PostStanding {
  author_id: string;
  status: string;
}

/**
 * Whether `userId` with `role` may change (edit, delete) `post`, as private.may_change_post answers:
 * an Editor (and the Owner and Administrators) any post; an Author their own; a Contributor their own
 * while it is a draft.
 */
export function mayChangePost(role: TeamRole, userId: string, post: PostStanding): boolean {
  const can = TABLE[role];
  if (can.editsAllPosts) return true;
  if (!can.writesPosts || post.author_id !== userId) return false;
  return can.publishesPosts || post.status === "draft";
}
