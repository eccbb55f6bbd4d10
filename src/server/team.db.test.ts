import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startMailbox, type CaughtMail, type Mailbox } from "../../supabase/local/mailbox";
import { createLocalClient, localSupabaseForSuite } from "../../supabase/local/testing";
import { JOIN_PATH } from "../lib/auth-paths";
import { readSettings } from "./settings";
import { createTeamHandler } from "./team";

/**
 * api/team end to end: the function against the local Supabase (real migrations and RLS over HTTP,
 * the local GoTrue's admin invite and ban; on PGlite, and on PostgreSQL 15 through
 * `npm run test:db:postgres`), the invitation read from a real local SMTP mailbox, its link followed
 * as a browser does, the join page's calls made with supabase-js as the invitee.
 */
let mailbox: Mailbox;
let people = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
});

afterAll(async () => {
  await mailbox?.close();
});

const supabase = localSupabaseForSuite(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` } }));
const handle = createTeamHandler({ settings: () => readSettings({}) });

let owner: { id: string; token: string };

beforeAll(async () => {
  const id = await supabase.createUser({ email: "owner@example.com", password: "owner-password", admin: true });
  owner = { id, token: (await supabase.signIn("owner@example.com", "owner-password")).token };
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

async function team(token: string | null, body: Record<string, unknown>) {
  const response = await handle(
    new Request(`${supabase.url}/api/team`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { message: string; moved?: number; invite?: string },
  };
}

async function mailsTo(address: string, count = 1): Promise<CaughtMail[]> {
  return mailbox.waitFor((message) => message.to.includes(address), count);
}

/** The newest e-mail's link, followed as a browser does: the fragment's parameters. */
async function followNewestLink(address: string, count = 1) {
  const [mail] = await mailsTo(address, count);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text ?? "")![0];
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const [base, fragment] = response.headers.get("location")!.split("#");
  return { link, base, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

/** The join page's work: the session from the link, a name and password, the invitation accepted. */
async function join(params: Record<string, string>, fullName: string, password: string) {
  const client = createLocalClient(supabase.url);
  const session = await client.auth.setSession({
    access_token: params.access_token!,
    refresh_token: params.refresh_token!,
  });
  expect(session.error).toBeNull();
  const waiting = await client.rpc("my_team_invite");
  expect((await client.auth.updateUser({ password, data: { full_name: fullName } })).error).toBeNull();
  return { client, waiting: waiting.data?.[0], accepted: await client.rpc("accept_team_invite") };
}

async function invitedMember(role: "author" | "editor" | "sales") {
  const email = `member-${++people}@example.com`;
  expect((await team(owner.token, { action: "invite", email, role })).status).toBe(200);
  const { params } = await followNewestLink(email);
  const joined = await join(params, `Member ${people}`, "member-password-1");
  expect(joined.accepted.error).toBeNull();
  const signedIn = await supabase.signIn(email, "member-password-1");
  return { email, ...signedIn };
}

describe("api/team invitations", () => {
  it("the invite e-mail from the local mailbox, accepted, and signed in as that role", async () => {
    const email = "new.author@example.com";
    const invited = await team(owner.token, { action: "invite", email: " New.Author@Example.com ", role: "author" });
    expect(invited).toMatchObject({ status: 200, body: { message: `Invitation sent to ${email}.` } });

    const stored = await supabase.db.query<{ user_id: string | null; role: string }>(
      `select user_id, role::text as role from public.team_invites where id = $1`,
      [invited.body.invite],
    );
    expect(stored.rows[0]).toMatchObject({ role: "author" });
    expect(stored.rows[0]!.user_id).toBeTruthy();

    const { base, params } = await followNewestLink(email);
    expect(base).toBe(`${supabase.url}${JOIN_PATH}`);
    expect(params.type).toBe("invite");
    const { waiting, accepted } = await join(params, "Ada Author", "author-password-1");
    expect(waiting).toMatchObject({ role: "author", accepted_at: null, revoked_at: null });
    expect(accepted).toMatchObject({ data: "author", error: null });

    const author = await supabase.signIn(email, "author-password-1");
    const { data: me } = await author.client.from("admins").select("user_id, role");
    expect(me).toEqual([{ user_id: author.userId, role: "author" }]);
    const members = await supabase.as(owner.token).rpc("team_members");
    expect(members.data).toContainEqual(
      expect.objectContaining({ user_id: author.userId, full_name: "Ada Author", email, role: "author" }),
    );
    // An Author reads no lead.
    expect((await author.client.from("leads").select("id")).data).toEqual([]);
  });

  it("with the local Supabase, the link comes back to the local site even when VITE_SITE_URL names the public one", async () => {
    const local = createTeamHandler({ settings: () => readSettings({ VITE_SITE_URL: "https://ascenddigital.ng" }) });
    const email = `local-${++people}@example.com`;
    const response = await local(
      new Request(`${supabase.url}/api/team`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ action: "invite", email, role: "contributor" }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await followNewestLink(email)).base).toBe(`${supabase.url}${JOIN_PATH}`);
  });

  it("refuses a caller without a session, one the database refuses, bad input, and an address already on the team", async () => {
    expect((await team(null, { action: "invite", email: "x@example.com", role: "author" })).status).toBe(401);
    expect((await team(owner.token, { action: "invite", email: "not-an-address", role: "author" })).status).toBe(400);
    expect((await team(owner.token, { action: "invite", email: "x@example.com", role: "owner" })).status).toBe(400);
    expect((await team(owner.token, { action: "dance" })).status).toBe(400);
    expect((await team("not-a-jwt", { action: "invite", email: "x@example.com", role: "author" })).status).toBe(401);

    const editor = await invitedMember("editor");
    const refused = await team(editor.token, { action: "invite", email: "y@example.com", role: "author" });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Only the Owner and Administrators can invite members." },
    });
    const onTeam = await team(owner.token, { action: "invite", email: editor.email, role: "author" });
    expect(onTeam).toMatchObject({ status: 409, body: { message: `${editor.email} is already on the team.` } });
    expect(mailbox.messages().filter((mail) => mail.to.includes("y@example.com"))).toEqual([]);
  });

  it("an expired invitation, a withdrawn one and a used one are refused; a spent link is dead", async () => {
    const expired = `expired-${++people}@example.com`;
    const first = await team(owner.token, { action: "invite", email: expired, role: "author" });
    await supabase.db.query(`update public.team_invites set expires_at = now() - interval '1 minute' where id = $1`, [
      first.body.invite,
    ]);
    const late = await join((await followNewestLink(expired)).params, "Late", "late-password-1");
    expect(late.accepted.error?.message).toMatch(/^This invitation expired on .+\. Ask for a new one\.$/);

    // Resend: a fresh invitation (7 more days) and a new e-mail whose link works.
    const resent = await team(owner.token, { action: "resend", invite: first.body.invite });
    expect(resent).toMatchObject({ status: 200, body: { message: `Invitation sent to ${expired} again.` } });
    expect(resent.body.invite).not.toBe(first.body.invite);
    expect((await team(owner.token, { action: "resend", invite: first.body.invite })).status).toBe(404);
    const again = await followNewestLink(expired, 2);
    // The late invitee set a password with the first link: the account is confirmed, so this is the sign-in link.
    const accepted = await join(again.params, "On Time", "late-password-2");
    expect(accepted.accepted).toMatchObject({ data: "author", error: null });
    expect((await accepted.client.rpc("accept_team_invite")).error?.message).toBe(
      "This invitation has already been used.",
    );
    const reused = await fetch(again.link, { redirect: "manual" });
    const fragment = new URLSearchParams(reused.headers.get("location")!.split("#")[1]);
    expect(Object.fromEntries(fragment)).toMatchObject({ error: "access_denied", error_code: "otp_expired" });

    const withdrawn = `withdrawn-${++people}@example.com`;
    const invite = await team(owner.token, { action: "invite", email: withdrawn, role: "sales" });
    expect((await supabase.as(owner.token).rpc("revoke_team_invite", { invite: invite.body.invite! })).data).toBe(true);
    const refused = await join((await followNewestLink(withdrawn)).params, "Gone", "gone-password-1");
    expect(refused.accepted.error?.message).toBe("This invitation is no longer valid. Ask for a new one.");
    expect((await team(owner.token, { action: "resend", invite: invite.body.invite })).status).toBe(404);
  });
});

describe("api/team removal", () => {
  it("a removed member's posts go to the heir, their token reads nothing at once, and their refresh token is refused", async () => {
    const author = await invitedMember("author");
    const editor = await invitedMember("editor");
    await supabase.db.query(
      `insert into public.posts (title, slug, content, status, author_id) values ('Theirs', $1, 'Text', 'draft', $2)`,
      [`theirs-${people}`, author.userId],
    );
    expect((await author.client.from("posts").select("id").eq("author_id", author.userId)).data).toHaveLength(1);

    const noHeir = await team(owner.token, { action: "remove", member: author.userId, heir: "" });
    expect(noHeir.status).toBe(400);
    expect(noHeir.body.message).toBe("Choose a member who writes posts to receive their 1 post(s).");
    expect((await team(editor.token, { action: "remove", member: author.userId, heir: editor.userId })).status).toBe(
      403,
    );

    const removed = await team(owner.token, { action: "remove", member: author.userId, heir: editor.userId });
    expect(removed).toMatchObject({
      status: 200,
      body: { moved: 1, message: "Removed from the team; 1 post handed over." },
    });

    // The same access token, straight after: no member data.
    expect((await author.client.from("admins").select("role")).data).toEqual([]);
    expect((await author.client.from("posts").select("id").eq("status", "draft")).data).toEqual([]);
    expect((await author.client.rpc("team_members")).data).toEqual([]);
    const refreshed = await author.client.auth.refreshSession();
    expect(refreshed.error).toMatchObject({ status: 400, code: "user_banned" });
    await expect(supabase.signIn(author.email, "member-password-1")).rejects.toMatchObject({ status: 400 });
    const moved = await supabase.db.query(`select author_id from public.posts where slug = $1`, [`theirs-${people}`]);
    expect(moved.rows).toEqual([{ author_id: editor.userId }]);
  });

  it("a removed member invited again gets a sign-in link to the join page, and rejoins", async () => {
    const sales = await invitedMember("sales");
    expect((await team(owner.token, { action: "remove", member: sales.userId, heir: null })).body.moved).toBe(0);
    const again = await team(owner.token, { action: "invite", email: sales.email, role: "contributor" });
    expect(again).toMatchObject({ status: 200, body: { message: expect.stringContaining("already has an account") } });
    const { base, params } = await followNewestLink(sales.email, 2);
    expect(base).toBe(`${supabase.url}${JOIN_PATH}`);
    const rejoined = await join(params, "Back Again", "member-password-2");
    expect(rejoined.accepted).toMatchObject({ data: "contributor", error: null });
    const signedIn = await supabase.signIn(sales.email, "member-password-2");
    expect((await signedIn.client.from("admins").select("role")).data).toEqual([{ role: "contributor" }]);
  });
});
