import { describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { follow, linkIn, localSupabaseMailingForSuite, SUITE_MAIL_FROM } from "./auth-mail-testing.ts";
import { LOCAL_DEFAULTS } from "./index.ts";
import type { CaughtMail } from "./mailbox.ts";
import { createLocalClient } from "./testing.ts";

/** Password recovery through supabase-js, the local GoTrue and a real local mailbox. */

let users = 0;

const { server, mailsTo } = localSupabaseMailingForSuite();

async function newUser() {
  const credentials = { email: `recover-${++users}@example.com`, password: "old-password-1" };
  const service = createLocalClient(server.url, LOCAL_DEFAULTS.serviceRoleKey);
  expect((await service.auth.admin.createUser({ ...credentials, email_confirm: true })).error).toBeNull();
  return credentials;
}

async function signedIn(credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = createLocalClient(server.url);
  expect((await client.auth.signInWithPassword(credentials)).error).toBeNull();
  return client;
}

async function mailTo(address: string): Promise<CaughtMail> {
  return (await mailsTo(address))[0]!;
}

describe("forgot password", () => {
  it("answers the same for any address, mails a link that signs in for recovery, and the new password ends old sessions", async () => {
    const credentials = await newUser();
    const old = await signedIn(credentials);
    const anon = createLocalClient(server.url);
    const redirectTo = `${server.url}/admin/reset-password`;

    const known = await anon.auth.resetPasswordForEmail(credentials.email, { redirectTo });
    const unknown = await anon.auth.resetPasswordForEmail("nobody@example.com", { redirectTo });
    expect(known).toEqual({ data: {}, error: null });
    expect(unknown).toEqual({ data: {}, error: null });

    const mail = await mailTo(credentials.email);
    expect(mail.from).toBe(SUITE_MAIL_FROM);
    expect(mail.subject).toBe("Reset Your Password");
    const link = linkIn(mail);
    const url = new URL(link);
    expect(url.origin).toBe(server.url);
    expect(url.searchParams.get("type")).toBe("recovery");
    expect(url.searchParams.get("redirect_to")).toBe(redirectTo);
    expect(url.searchParams.get("token")).toMatch(/^[0-9a-f]{56}$/);

    const { base, params } = await follow(link);
    expect(base).toBe(redirectTo);
    expect(params).toMatchObject({ type: "recovery", token_type: "bearer", expires_in: "3600" });
    expect(Number(params.expires_at)).toBeGreaterThan(Date.now() / 1000);

    const recovering = createLocalClient(server.url);
    const session = await recovering.auth.setSession({
      access_token: params.access_token!,
      refresh_token: params.refresh_token!,
    });
    expect(session.error).toBeNull();
    const amr = await recovering.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(amr.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    expect(amr.data!.currentAuthenticationMethods).toMatchObject([{ method: "recovery" }]);

    const same = await recovering.auth.updateUser({ password: credentials.password });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    const updated = await recovering.auth.updateUser({ password: "new-password-2" });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.email).toBe(credentials.email);

    expect((await old.auth.refreshSession()).error).toMatchObject({ code: "refresh_token_not_found" });
    const oldPassword = await createLocalClient(server.url).auth.signInWithPassword(credentials);
    expect(oldPassword.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    await signedIn({ email: credentials.email, password: "new-password-2" });

    // The link works once.
    const again = await follow(link);
    expect(again.base).toBe(redirectTo);
    expect(again.params).toMatchObject({ error: "access_denied", error_code: "otp_expired" });
    expect(again.params.access_token).toBeUndefined();
  });

  it("verifyOtp takes the code from the e-mail instead of the link", async () => {
    const credentials = await newUser();
    const anon = createLocalClient(server.url);
    expect((await anon.auth.resetPasswordForEmail(credentials.email)).error).toBeNull();
    const mail = await mailTo(credentials.email);
    // With no redirect_to, the link leads back to the site.
    expect(new URL(linkIn(mail)).searchParams.get("redirect_to")).toBe(`${server.url}/`);
    const code = /enter the code: (\d{6})/.exec(mail.text ?? "")![1]!;
    const wrong = await anon.auth.verifyOtp({ email: credentials.email, token: "000000", type: "recovery" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired" });
    const { data, error } = await anon.auth.verifyOtp({ email: credentials.email, token: code, type: "recovery" });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(credentials.email);
  });

  it("with a verified factor, the new password needs the code first", async () => {
    const credentials = await newUser();
    const client = await signedIn(credentials);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret), digits: 6, period: 30 });
    const challenge = await client.auth.mfa.challenge({ factorId: factor!.id });
    const verified = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge.data!.id,
      code: totp.generate(),
    });
    expect(verified.error).toBeNull();

    const anon = createLocalClient(server.url);
    expect((await anon.auth.resetPasswordForEmail(credentials.email)).error).toBeNull();
    const { params } = await follow(linkIn(await mailTo(credentials.email)));
    const recovering = createLocalClient(server.url);
    await recovering.auth.setSession({ access_token: params.access_token!, refresh_token: params.refresh_token! });
    const level = await recovering.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const refused = await recovering.auth.updateUser({ password: "new-password-3" });
    expect(refused.error).toMatchObject({ status: 401, code: "insufficient_aal" });
    const again = await recovering.auth.mfa.challenge({ factorId: factor!.id });
    const raised = await recovering.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: again.data!.id,
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(raised.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: "new-password-3" })).error).toBeNull();
  });

  it("too many requests from one client get 429 with Retry-After, whatever the address", async () => {
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      last = await fetch(`${server.url}/auth/v1/recover`, {
        method: "POST",
        headers: { apikey: LOCAL_DEFAULTS.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ email: `nobody-${attempt}@example.com` }),
      });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 429, error_code: "over_email_send_rate_limit" });
  });
});
