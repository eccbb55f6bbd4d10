/**
 * Copy of the team's roles in the admin (issue 37): the page a member sees when a screen is not for
 * their role, and the lines the post screens show a role that cannot do everything. The roles' names
 * are content/team.ts's roleCopy. Admin-only, like content/admin.ts.
 */

export const rolesCopy = {
  /** A screen opened (by its address) by a member whose role may not open it. */
  noAccess: {
    seoTitle: "Not for your role",
    heading: "This screen is not for your role",
    yourRole: (role: string) => `You are signed in as ${role}.`,
    whoMay: (roles: string) => `Only ${roles} can open it. Ask the Owner or an Administrator if you need it.`,
    backToDashboard: "Back to the dashboard",
  },
  /** 'A, B or C'. */
  list: (names: string[]) =>
    names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`,
  posts: {
    /** A post the member may read but not change. */
    readOnly: "Read-only for your role",
    /** A Contributor's post once it is published: an Editor changes it from then on. */
    publishedReadOnly: "Published: an Editor changes it now",
    /** Under a Contributor's save buttons. */
    contributorPublishing: "You save drafts. An Editor, the Owner or an Administrator publishes or schedules them.",
    /** A save the database refused for the member's role (a role changed while the editor was open). */
    refused: "Your role may not make this change. Ask an Editor, or reload: your role may have changed.",
  },
  dashboard: {
    /** The dashboard's line for the roles without leads: their posts, with views if they read traffic. */
    intro: (withViews: boolean) =>
      withViews
        ? "Every post you can see with its views over the last 30 days: drafts first, then scheduled and published posts, newest first."
        : "Every post you can see: drafts first, then scheduled and published posts, newest first.",
  },
  traffic: {
    /** An Author's traffic page: the database gives them their own posts' pages only. */
    ownPosts: "You see the views of your own posts only.",
  },
} as const;
