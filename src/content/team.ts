/**
 * The team's words: the Team page (/admin/team), the join page an invitation's link opens, and what
 * api/team answers. Who may do what is the database's (supabase/migrations/*_team_roles.sql); these
 * describe it.
 */
import type { Database } from "../lib/database";
import { Constants } from "../lib/database.types.js";

export type TeamRole = Database["public"]["Enums"]["team_role"];

/** The roles, most rights first: the database's type public.team_role, in its order (the team's list follows it). */
export const TEAM_ROLES: readonly TeamRole[] = Constants.public.Enums.team_role;

/** How long an invitation's link works: the default of team_invites.expires_at (role-table.test.ts checks). */
export const INVITE_VALID_DAYS = 7;

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

export const teamPageCopy = {
  nav: "Team",
  seoTitle: "Team",
  heading: "Team",
  intro:
    "Who works on the site and what each may do. The database enforces every role: a writer never sees a lead, whatever the screen shows.",
  notManager: "Only the Owner and Administrators manage the team. Ask one of them to change a role or invite someone.",
  members: {
    heading: "Members",
    loading: "Loading the team...",
    error: "The team could not be loaded.",
    noName: "No name yet",
    you: "You",
    joined: (date: string) => `Joined ${date}`,
    lastSignIn: (date: string | null) => (date ? `Last signed in ${date}` : "Never signed in"),
    roleLabel: (name: string) => `Role of ${name}`,
    changeRole: "Change role",
    handOver: "Hand over ownership",
    remove: "Remove",
  },
  changeRole: {
    title: (name: string, role: string) => `Make ${name} ${/^[AEIOU]/.test(role) ? "an" : "a"} ${role}?`,
    description: (role: string, description: string) =>
      `As ${role}: ${description} The change applies from their next request.`,
    confirm: "Change role",
    busy: "Changing...",
    done: "Role changed.",
    failed: "The role could not be changed",
  },
  handOver: {
    title: (name: string) => `Hand ownership to ${name}?`,
    description: (name: string) =>
      `${name} becomes the Owner and you become an Administrator. Only the new Owner can hand it back.`,
    confirm: "Hand over ownership",
    busy: "Handing over...",
    done: "Ownership handed over. You are now an Administrator.",
    failed: "Ownership could not be handed over",
  },
  remove: {
    title: (name: string) => `Remove ${name} from the team?`,
    description: (name: string) =>
      `${name} loses access at once and is signed out everywhere. Their posts are kept and handed to another member.`,
    counting: "Counting their posts...",
    countFailed: "Their posts could not be counted. Close this and try again.",
    noPosts: "They have written no posts.",
    postsMove: (count: number) => `${count} post${count === 1 ? "" : "s"} will move to the member you choose.`,
    heirLabel: "Who receives their posts",
    heirHint: "Only members who write posts can receive them.",
    noHeir: "Nobody else on the team writes posts: invite or choose a writer first.",
    confirm: "Remove from the team",
    busy: "Removing...",
    failed: "They could not be removed",
  },
  invites: {
    heading: "Open invitations",
    loading: "Loading invitations...",
    error: "The invitations could not be loaded.",
    empty: "No open invitations.",
    sent: (date: string) => `Sent ${date}`,
    expires: (date: string) => `Link valid until ${date}`,
    expired: (date: string) => `Expired on ${date}: send it again`,
    resend: "Resend",
    resending: "Sending...",
    withdraw: "Withdraw",
    withdrawTitle: (email: string) => `Withdraw the invitation to ${email}?`,
    withdrawDescription: "The link in their e-mail stops working. You can invite them again later.",
    withdrawBusy: "Withdrawing...",
    withdrawn: "Invitation withdrawn.",
    failed: "That did not work",
  },
  invite: {
    heading: "Invite someone",
    intro: `They get an e-mail with a link valid for ${INVITE_VALID_DAYS} days. Nobody is invited as the Owner.`,
    emailLabel: "E-mail address",
    roleLegend: "Role",
    submit: "Send invitation",
    submitting: "Sending...",
    invalidEmail: "Enter a valid e-mail address.",
    failed: "The invitation was not sent",
  },
  cancel: "Cancel",
} as const;

export const joinCopy = {
  seoTitle: "Join the team",
  heading: "Join the team",
  waiting: "Checking your invitation...",
  invitedAs: (role: string, description: string) => `You are invited as ${role}. ${description}`,
  expiresOn: (date: string) => `The invitation is valid until ${date}.`,
  intro: "Tell the team your name and choose a password to sign in with.",
  nameLabel: "Full name",
  nameRequired: "Enter your name as the team should see it.",
  submit: "Join the team",
  submitting: "Joining...",
  joined: (role: string) => ({ title: "Welcome to the team", description: `You joined as ${role}.` }),
  secondFactor: "Your role reads people's personal data: add an authenticator app to protect your sign-in.",
  deadLink: {
    heading: "This link no longer works",
    body: "Invitation links work once, for a day. Ask the person who invited you to send the invitation again.",
  },
  expired: {
    heading: "This invitation has expired",
    body: "Ask the person who invited you to send it again: a new e-mail brings a new link.",
  },
  withdrawn: {
    heading: "This invitation was withdrawn",
    body: "It is no longer valid. If you should be on the team, ask for a new invitation.",
  },
  used: {
    heading: "You have already joined",
    body: "This invitation has been used. Sign in with your e-mail address and password.",
  },
  none: {
    heading: "No invitation for this account",
    body: "This account has no invitation waiting. Ask the person who invited you to send it again.",
  },
  signIn: "Go to sign in",
  failed: "You could not join just now",
} as const;
