import { describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { LOCAL_DEFAULTS } from "./index.ts";
import { createLocalClient, localSupabaseForSuite } from "./testing.ts";

/** TOTP factors, aal/amr and sign-out scopes through supabase-js against the local GoTrue. */

const server = localSupabaseForSuite();
let users = 0;

/** The code of `secret` `steps` periods from now, as an authenticator app shows it. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

async function newUser() {
  const credentials = { email: `mfa-${++users}@example.com`, password: "first-password-1" };
  const service = createLocalClient(server.url, LOCAL_DEFAULTS.serviceRoleKey);
  const { error } = await service.auth.admin.createUser({ ...credentials, email_confirm: true });
  expect(error).toBeNull();
  return credentials;
}

async function signedIn(credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = createLocalClient(server.url);
  const { error } = await client.auth.signInWithPassword(credentials);
  expect(error).toBeNull();
  return client;
}

async function enrolled(client: SupabaseClient, friendlyName = "Phone") {
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName });
  expect(error).toBeNull();
  return data!;
}

async function verifyWith(client: SupabaseClient, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId });
  expect(challenge.error).toBeNull();
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
}

function claimsOf(accessToken: string) {
  return JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("enrolling a TOTP factor", () => {
  it("shows the QR code, secret and URI; a wrong code is refused; the right one reaches aal2", async () => {
    const credentials = await newUser();
    const client = await signedIn(credentials);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const factor = await enrolled(client, "Work phone");
    expect(factor).toMatchObject({ type: "totp", friendly_name: "Work phone" });
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/.*mfa-\d+%40example\.com\?/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.all).toMatchObject([{ id: factor.id, status: "unverified", factor_type: "totp" }]);
    expect(listed.data!.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({ type: "totp" });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 240);

    const wrong = String((Number(codeFor(factor.totp.secret)) + 1) % 1_000_000).padStart(6, "0");
    const refused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrong });
    expect(refused.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });

    const accepted = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(accepted.error).toBeNull();
    const claims = claimsOf(accepted.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["totp", "password"]);
    expect(claims.session_id).toEqual(expect.any(String));

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp).toMatchObject([{ id: factor.id, status: "verified", friendly_name: "Work phone" }]);
    expect(Date.parse(factors.data!.totp[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);

    // A refresh keeps the level.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe("aal2");
  });

  it("refuses a code already used within its window, and takes the next one", async () => {
    const client = await signedIn(await newUser());
    const factor = await enrolled(client);
    const code = codeFor(factor.totp.secret);
    expect((await verifyWith(client, factor.id, code)).error).toBeNull();
    const reused = await verifyWith(client, factor.id, code);
    expect(reused.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect((await verifyWith(client, factor.id, codeFor(factor.totp.secret, 1))).error).toBeNull();
  });

  it("refuses a second factor with the same name", async () => {
    const client = await signedIn(await newUser());
    await enrolled(client, "Phone");
    const again = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
  });
});

describe("with a verified factor", () => {
  it("a password sign-in is aal1 until the code; only aal2 adds or removes factors", async () => {
    const credentials = await newUser();
    const first = await signedIn(credentials);
    const factor = await enrolled(first);
    expect((await verifyWith(first, factor.id, codeFor(factor.totp.secret))).error).toBeNull();

    const client = await signedIn(credentials);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const backup = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Backup" });
    expect(backup.error).toMatchObject({ status: 403, code: "insufficient_aal" });
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toMatchObject({ status: 422, code: "insufficient_aal" });

    expect((await verifyWith(client, factor.id, codeFor(factor.totp.secret, 1))).error).toBeNull();
    const second = await enrolled(client, "Backup");
    expect((await client.auth.mfa.unenroll({ factorId: second.id })).data).toEqual({ id: second.id });
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).data).toEqual({ id: factor.id });
    const { data } = await client.auth.getUser();
    expect(data.user!.factors).toBeUndefined();
  });

  it("verifying ends the user's other aal1 sessions", async () => {
    const credentials = await newUser();
    const client = await signedIn(credentials);
    const other = await signedIn(credentials);
    const factor = await enrolled(client);
    expect((await verifyWith(client, factor.id, codeFor(factor.totp.secret))).error).toBeNull();
    expect((await other.auth.refreshSession()).error).toMatchObject({ code: "refresh_token_not_found" });
  });

  it("someone else's factor is not found", async () => {
    const owner = await signedIn(await newUser());
    const factor = await enrolled(owner);
    const stranger = await signedIn(await newUser());
    const challenge = await stranger.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });
});

describe("signing out", () => {
  it("scope global ends every session of the user; scope local only this one", async () => {
    const credentials = await newUser();
    const [a, b, c] = [await signedIn(credentials), await signedIn(credentials), await signedIn(credentials)];
    expect((await c.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await b.auth.refreshSession()).error).toBeNull();
    expect((await a.auth.signOut({ scope: "global" })).error).toBeNull();
    expect((await b.auth.refreshSession()).error).toMatchObject({ code: "refresh_token_not_found" });
  });
});
