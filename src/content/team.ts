/**
 * The team's words: the Team page (/admin/team), the join page an invitation's link opens, and what
 * api/team answers. Who may do what is the database's (supabase/migrations/*_team_roles.sql); these
 * describe it.
 */
import type { Database } from "../lib/database";

export type TeamRole = Database["public"]["Enums"]["team_role"];

/** The roles, most rights first (the order the database lists members in). */
export const TEAM_ROLES = [
  "owner",
  "administrator",
  "editor",
  "author",
  "contributor",
  "sales",
] as const satisfies readonly TeamRole[];

/** Each role as the Team page names and explains it. */
export const roleCopy: Record<TeamRole, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including the team and handing over ownership." },
  administrator: {
    label: "Administrator",
    description: "Everything but the Owner: posts, leads, calls, campaigns, traffic and the team.",
  },
  editor: { label: "Editor", description: "Writes, edits, publishes and schedules every post; reads traffic." },
  author: { label: "Author", description: "Writes and publishes their own posts; sees their posts' views." },
  contributor: { label: "Contributor", description: "Writes drafts of their own posts; an Editor publishes them." },
  sales: { label: "Sales", description: "Works the leads, calls and campaigns; reads posts and traffic." },
};

/** The size of a request api/team accepts: an address and a role, or two ids. */
export const TEAM_BODY_BYTES = 2 * 1024;

export const teamFunctionCopy = {
  messages: {
    methodNotAllowed: "Method Not Allowed",
    unsupportedType: "Send the request as JSON.",
    malformedJson: "The request body is not valid JSON.",
    malformedForm: "The request body is not valid form data.",
    tooLarge: `The request is too large (at most ${TEAM_BODY_BYTES / 1024} KB).`,
    unknownAction: "Say what to do: invite, resend or remove.",
    invalidEmail: "Enter a valid e-mail address.",
    invalidRole: "Choose a role for the new member.",
    invalidId: "That is not a member or an invitation of this team.",
    noSession: "Sign in again: your session has ended.",
    notConfigured: "Invitations cannot be sent: this deployment has no Supabase service-role key.",
    unavailable: "The team could not be reached just now. Please try again in a minute.",
    inviteNotFound: "That invitation is no longer open: it was used, withdrawn, or is not one you can see.",
    authFailed: (detail: string) => `Supabase Auth did not send the invitation: ${detail}`,
    banFailed: (detail: string) =>
      `They are off the team, but Supabase Auth could not sign them out everywhere: ${detail}. Their access ends when their session does (within the hour).`,
    alreadyHasAccount: (email: string) =>
      `${email} already has an account here: the invitation stands, and a sign-in link is on its way. Once signed in, they accept it on the join page.`,
    accountNotInvitable: (email: string) =>
      `${email} already has an account here that never joined by invitation. Add them as the README's "Admin accounts" says.`,
    invited: (email: string) => `Invitation sent to ${email}.`,
    resent: (email: string) => `Invitation sent to ${email} again.`,
    removed: (moved: number) =>
      moved === 0
        ? "Removed from the team."
        : `Removed from the team; ${moved} post${moved === 1 ? "" : "s"} handed over.`,
  },
} as const;
