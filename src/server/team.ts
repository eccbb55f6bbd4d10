/**
 * /api/team: what the Team page cannot do from the browser, because Supabase Auth's admin API needs
 * the service-role key (api/team.ts is the adapter Vercel runs). JSON in, `{ message }` out.
 *
 * POST `{ action: "invite", email, role }`   200: the invitation is stored and its e-mail sent
 * POST `{ action: "resend", invite }`         200: a fresh invitation (7 more days) for the same address and role
 * POST `{ action: "remove", member, heir }`   200 `{ message, moved }`: off the team, posts handed over, banned
 *
 * The caller's own session decides first: each action is the database's function called with the
 * caller's access token and the anon key (invite_team_member, remove_team_member; the open invitation
 * read under RLS), so only what the migration lets an Owner or Administrator do gets this far. Only
 * then does the service-role key, held by this function alone, call GoTrue's admin API: the invite
 * (which creates the Auth user and mails the link), recording that user on the invitation, and the
 * ban that ends a removed member's sign-ins and refreshes.
 *
 * An address with a confirmed account that is not on the team (a removed member) cannot be invited
 * by GoTrue (422 email_exists): its ban is lifted, the invitation is tied to the account, and GoTrue's
 * recovery mail brings them to the join page signed in. An account that never joined by invitation
 * is refused with 409.
 *
 * 400 bad input, 401 no session, 403 refused by the database, 404 an invitation not open, 409
 * already on the team, 502 Supabase Auth failed, 503 no service-role key or no database.
 */
import { PostgrestClient, type PostgrestError } from "@supabase/postgrest-js";
import { TEAM_BODY_BYTES, TEAM_ROLES, teamFunctionCopy, type TeamRole } from "../content/team.js";
import { JOIN_PATH } from "../lib/auth-paths.js";
import type { Database } from "../lib/database.js";
import { Answer, BodyError, json, readFields, refuse } from "./http.js";
import type { ServerSettings } from "./settings.js";
import { serviceTarget, supabaseTarget, type SupabaseTarget } from "./supabase.js";

const messages = teamFunctionCopy.messages;

/** How long a removed member stays banned: a century, as "for good" is not a Go duration. */
const REMOVED_BAN_DURATION = "876000h";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface TeamDependencies {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** How requests to Supabase travel (the local servers pass an in-process one). */
  fetch?: typeof fetch;
}

interface Context {
  /** PostgREST as the caller: their token, the anon key. */
  asCaller: PostgrestClient<Database>;
  /** PostgREST with the service-role key (for the invitation's Auth user only). */
  asService: PostgrestClient<Database>;
  service: SupabaseTarget;
  transport: typeof fetch;
  /** Where the invitation's link brings the invitee back to. */
  joinUrl: string;
}

/** The database's refusal as the answer the Team page shows: its own words, with the status its code means. */
function refusalOf(error: PostgrestError): Answer {
  const status =
    error.code === "42501"
      ? 403
      : error.code === "23505"
        ? 409
        : error.code === "22023" || error.code === "P0002"
          ? 400
          : error.code === "PGRST301" || error.code === "PGRST303"
            ? 401
            : 0;
  if (status === 0) {
    console.error("team: the database failed:", error.message);
    return refuse(503, { message: messages.unavailable });
  }
  return refuse(status, { message: status === 401 ? messages.noSession : error.message });
}

/** GoTrue's admin API with the service-role key: the answer's JSON and status. */
async function authAdmin(context: Context, method: string, path: string, body: Record<string, unknown>) {
  const response = await context.transport(`${context.service.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: context.service.key,
      authorization: `Bearer ${context.service.key}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, answer };
}

function detailOf(answer: Record<string, unknown>, status: number): string {
  const text = answer.msg ?? answer.message ?? answer.error_description;
  return typeof text === "string" && text ? text : `status ${status}`;
}

/**
 * Sends the invitation `invite` (already stored by the database) to `email` through GoTrue and ties it
 * to the Auth user; or, for an address that already has an account, the recovery link that signs
 * them in on the join page.
 */
async function sendInvitation(context: Context, invite: string, email: string): Promise<string> {
  const sent = await authAdmin(context, "POST", `/invite?${new URLSearchParams({ redirect_to: context.joinUrl })}`, {
    email,
    data: {},
  });
  if (sent.ok && typeof sent.answer.id === "string") {
    await tieToUser(context, invite, sent.answer.id);
    return messages.invited(email);
  }
  const code = sent.answer.error_code ?? sent.answer.code;
  if (sent.status === 422 && code === "email_exists") return inviteExistingAccount(context, invite, email);
  // Nothing was sent: withdraw the invitation so the Team page does not list one nobody received.
  await context.asCaller.rpc("revoke_team_invite", { invite });
  throw refuse(502, { message: messages.authFailed(detailOf(sent.answer, sent.status)) });
}

async function tieToUser(context: Context, invite: string, userId: string): Promise<void> {
  const { error } = await context.asService.from("team_invites").update({ user_id: userId }).eq("id", invite);
  if (error) {
    console.error("team: the invitation's user could not be recorded:", error.message);
    throw refuse(503, { message: messages.unavailable });
  }
}

/** A confirmed account not on the team: the one an earlier invitation to the address named. */
async function inviteExistingAccount(context: Context, invite: string, email: string): Promise<string> {
  const { data, error } = await context.asService
    .from("team_invites")
    .select("user_id")
    .eq("email", email)
    .not("user_id", "is", null)
    .order("created_at", { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw refusalOf(error);
  if (!data?.user_id) {
    await context.asCaller.rpc("revoke_team_invite", { invite });
    throw refuse(409, { message: messages.accountNotInvitable(email) });
  }
  const unbanned = await authAdmin(context, "PUT", `/admin/users/${data.user_id}`, { ban_duration: "none" });
  if (!unbanned.ok) throw refuse(502, { message: messages.authFailed(detailOf(unbanned.answer, unbanned.status)) });
  await tieToUser(context, invite, data.user_id);
  // GoTrue's recovery mail: its link signs them in and lands on the join page, where they set a password.
  const link = await authAdmin(context, "POST", `/recover?${new URLSearchParams({ redirect_to: context.joinUrl })}`, {
    email,
  });
  if (!link.ok) throw refuse(502, { message: messages.authFailed(detailOf(link.answer, link.status)) });
  return messages.alreadyHasAccount(email);
}

async function invite(context: Context, fields: Record<string, unknown>): Promise<Response> {
  const email = typeof fields.email === "string" ? fields.email.trim().toLowerCase() : "";
  if (!EMAIL.test(email) || email.length > 254) throw refuse(400, { message: messages.invalidEmail });
  const role = fields.role;
  if (typeof role !== "string" || !(TEAM_ROLES as readonly string[]).includes(role) || role === "owner") {
    throw refuse(400, { message: messages.invalidRole });
  }
  const { data, error } = await context.asCaller.rpc("invite_team_member", {
    invite_email: email,
    invite_role: role as TeamRole,
  });
  if (error) throw refusalOf(error);
  return json(200, { message: await sendInvitation(context, data, email), invite: data });
}

async function resend(context: Context, fields: Record<string, unknown>): Promise<Response> {
  const id = typeof fields.invite === "string" ? fields.invite : "";
  if (!UUID.test(id)) throw refuse(400, { message: messages.invalidId });
  // Read under RLS: only an Owner or Administrator sees the invitation at all.
  const { data: open, error: readError } = await context.asCaller
    .from("team_invites")
    .select("email, role")
    .eq("id", id)
    .is("accepted_at", null)
    .is("revoked_at", null)
    .maybeSingle();
  if (readError) throw refusalOf(readError);
  if (!open) throw refuse(404, { message: messages.inviteNotFound });
  // A fresh invitation replaces the open one, so the new link has its own 7 days.
  const { data, error } = await context.asCaller.rpc("invite_team_member", {
    invite_email: open.email,
    invite_role: open.role,
  });
  if (error) throw refusalOf(error);
  await sendInvitation(context, data, open.email);
  return json(200, { message: messages.resent(open.email), invite: data });
}

async function remove(context: Context, fields: Record<string, unknown>): Promise<Response> {
  const member = typeof fields.member === "string" ? fields.member : "";
  const heir = typeof fields.heir === "string" && fields.heir ? fields.heir : null;
  if (!UUID.test(member) || (heir !== null && !UUID.test(heir))) throw refuse(400, { message: messages.invalidId });
  const { data: moved, error } = await context.asCaller.rpc("remove_team_member", {
    member,
    // The function's heir is nullable (a member with no posts needs none); the generated type says otherwise.
    heir: heir as string,
  });
  if (error) throw refusalOf(error);
  // Off the team, every right has already gone; the ban ends their sign-ins and refreshes too.
  const banned = await authAdmin(context, "PUT", `/admin/users/${member}`, { ban_duration: REMOVED_BAN_DURATION });
  if (!banned.ok) throw refuse(502, { message: messages.banFailed(detailOf(banned.answer, banned.status)) });
  return json(200, { message: messages.removed(moved), moved });
}

const ACTIONS = { invite, resend, remove } as const;

export function createTeamHandler(deps: TeamDependencies) {
  async function route(request: Request, settings: ServerSettings): Promise<Response> {
    if (request.method !== "POST") {
      return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });
    }
    const token = /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!token) throw refuse(401, { message: messages.noSession });
    const fields = (await readFields(request, TEAM_BODY_BYTES, messages)) ?? {};
    const name = String(fields.action);
    if (!Object.hasOwn(ACTIONS, name)) throw refuse(400, { message: messages.unknownAction });
    const action = ACTIONS[name as keyof typeof ACTIONS];
    const caller = supabaseTarget(settings, request.url);
    const service = serviceTarget(settings, request.url);
    if (!caller || !service) throw refuse(503, { message: messages.notConfigured });
    const transport = deps.fetch ?? fetch;
    // The site's public origin on a hosted project (its redirect allow-list names it); the local
    // Supabase sends links back only to the origin it is served from.
    const origin = (settings.supabase.url && settings.siteUrl) || new URL(request.url).origin;
    const context: Context = {
      asCaller: new PostgrestClient<Database>(`${caller.url}/rest/v1`, {
        headers: { apikey: caller.key, Authorization: `Bearer ${token}` },
        fetch: transport,
      }),
      asService: new PostgrestClient<Database>(`${service.url}/rest/v1`, {
        headers: { apikey: service.key, Authorization: `Bearer ${service.key}` },
        fetch: transport,
      }),
      service,
      transport,
      joinUrl: `${origin}${JOIN_PATH}`,
    };
    return action(context, fields);
  }

  return async function handleTeam(request: Request): Promise<Response> {
    try {
      return await route(request, deps.settings());
    } catch (error) {
      if (error instanceof Answer) return error.response;
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      console.error("team: the request failed:", error);
      return json(503, { message: messages.unavailable });
    }
  };
}
