import { describe, expect, it } from "vitest";
import { follow, linkIn, localSupabaseMailingForSuite } from "./auth-mail-testing.ts";
import { parseGoDuration } from "./auth-invite.ts";
import { LOCAL_DEFAULTS } from "./index.ts";
import { createLocalClient } from "./testing.ts";

/** The admin invitation and ban through supabase-js, the local GoTrue and a real local mailbox. */

let users = 0;

const { server, mailsTo } = localSupabaseMailingForSuite();

const service = () => createLocalClient(server.url, LOCAL_DEFAULTS.serviceRoleKey);

describe("admin invite", () => {
  it("creates the user unconfirmed, mails a one-use link that confirms and signs them in", async () => {
    const email = `invited-${++users}@example.com`;
    const redirectTo = `${server.url}/admin/join`;
    const { data, error } = await service().auth.admin.inviteUserByEmail(email, {
      redirectTo,
      data: { invited_as: "author" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: { invited_as: "author" } });
    expect(data.user!.invited_at).toBeTruthy();

    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toBe("You've been invited");
    const link = new URL(linkIn(mail!));
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("redirect_to")).toBe(redirectTo);

    const { base, params } = await follow(link.href);
    expect(base).toBe(redirectTo);
    expect(params).toMatchObject({ type: "invite", token_type: "bearer" });
    const invitee = createLocalClient(server.url);
    await invitee.auth.setSession({ access_token: params.access_token!, refresh_token: params.refresh_token! });
    const user = await invitee.auth.getUser();
    expect(user.data.user).toMatchObject({ id: data.user!.id, email });
    expect(user.data.user!.email_confirmed_at).toBeTruthy();
    expect((await invitee.auth.updateUser({ password: "invited-password-1" })).error).toBeNull();
    expect(
      (await createLocalClient(server.url).auth.signInWithPassword({ email, password: "invited-password-1" })).error,
    ).toBeNull();

    const again = await follow(link.href);
    expect(again.params).toMatchObject({ error: "access_denied", error_code: "otp_expired" });
    expect(again.params.access_token).toBeUndefined();

    // Confirmed now: a second invitation is refused as GoTrue refuses it.
    const confirmed = await service().auth.admin.inviteUserByEmail(email);
    expect(confirmed.error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("re-invites an address not yet confirmed with a new link (the old one is spent), and verifyOtp takes the hash", async () => {
    const email = `reinvited-${++users}@example.com`;
    const first = await service().auth.admin.inviteUserByEmail(email);
    const second = await service().auth.admin.inviteUserByEmail(email);
    expect(second.error).toBeNull();
    expect(second.data.user!.id).toBe(first.data.user!.id);
    // The mailbox lists the newest first.
    const [fresh, old] = await mailsTo(email, 2);
    expect((await follow(linkIn(old!))).params).toMatchObject({ error_code: "otp_expired" });
    const hash = new URL(linkIn(fresh!)).searchParams.get("token")!;
    const verified = await createLocalClient(server.url).auth.verifyOtp({ type: "invite", token_hash: hash });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.email).toBe(email);
  });

  it("refuses a caller without the service-role key", async () => {
    const anon = await createLocalClient(server.url).auth.admin.inviteUserByEmail(`anon-${++users}@example.com`);
    expect(anon.error).toMatchObject({ status: 403 });
    const bare = await fetch(`${server.url}/auth/v1/invite`, {
      method: "POST",
      headers: { apikey: LOCAL_DEFAULTS.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ email: `bare-${users}@example.com` }),
    });
    expect([401, 403]).toContain(bare.status);
  });
});

describe("admin ban", () => {
  it("refuses sign-in, refresh and the user endpoint while banned; 'none' lifts it", async () => {
    const credentials = { email: `banned-${++users}@example.com`, password: "banned-password-1" };
    const created = await service().auth.admin.createUser({ ...credentials, email_confirm: true });
    const client = createLocalClient(server.url);
    expect((await client.auth.signInWithPassword(credentials)).error).toBeNull();

    const banned = await service().auth.admin.updateUserById(created.data.user!.id, { ban_duration: "876000h" });
    expect(banned.error).toBeNull();

    const signIn = await createLocalClient(server.url).auth.signInWithPassword(credentials);
    expect(signIn.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    expect((await client.auth.refreshSession()).error).toMatchObject({ status: 400, code: "user_banned" });
    const token = (await client.auth.getSession()).data.session?.access_token;
    const user = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: LOCAL_DEFAULTS.anonKey, authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(403);

    expect(
      (await service().auth.admin.updateUserById(created.data.user!.id, { ban_duration: "none" })).error,
    ).toBeNull();
    expect((await createLocalClient(server.url).auth.signInWithPassword(credentials)).error).toBeNull();

    const malformed = await service().auth.admin.updateUserById(created.data.user!.id, { ban_duration: "forever" });
    expect(malformed.error).toMatchObject({ status: 400 });
  });

  it("reads Go durations", () => {
    expect(parseGoDuration("1h30m")).toBe(5_400_000);
    expect(parseGoDuration("876000h")).toBe(876_000 * 3_600_000);
    expect(parseGoDuration("10s")).toBe(10_000);
    expect(parseGoDuration("h")).toBeUndefined();
    expect(parseGoDuration("1d")).toBeUndefined();
  });
});
