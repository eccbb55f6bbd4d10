import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "./index.ts";
import { signJwt, verifyJwt } from "./jwt.ts";
import { parsePrefer, parseSelect, RestError, statusForSqlState } from "./rest.ts";

describe("HS256 tokens", () => {
  const secret = LOCAL_DEFAULTS.jwtSecret;

  it("verifies the fixed local keys from .env.example", () => {
    const anon = verifyJwt(LOCAL_DEFAULTS.anonKey, secret);
    expect(anon).toMatchObject({ ok: true, claims: { role: "anon" } });
    expect(verifyJwt(LOCAL_DEFAULTS.serviceRoleKey, secret)).toMatchObject({
      ok: true,
      claims: { role: "service_role" },
    });
  });

  it("round-trips claims and rejects tampering, other secrets, expiry and other algorithms", () => {
    const token = signJwt({ sub: "u1", role: "authenticated", exp: 2_000 }, secret);
    expect(verifyJwt(token, secret, 1_000)).toEqual({
      ok: true,
      claims: { sub: "u1", role: "authenticated", exp: 2_000 },
    });
    expect(verifyJwt(token, secret, 2_000)).toEqual({ ok: false, reason: "expired" });
    expect(verifyJwt(token, "another-secret", 1_000)).toEqual({ ok: false, reason: "signature" });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sub: "u1", role: "service_role", exp: 2_000 })).toString("base64url");
    expect(verifyJwt(`${header}.${forged}.${signature}`, secret, 1_000)).toEqual({ ok: false, reason: "signature" });
    const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    expect(verifyJwt(`${none}.${payload}.`, secret, 1_000)).toEqual({ ok: false, reason: "algorithm" });
    expect(verifyJwt("not a token", secret)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("select parameter", () => {
  it("parses columns, aliases and aliased embeds with hints", () => {
    expect(parseSelect("*,author:profiles(full_name)")).toEqual([
      { kind: "star" },
      {
        kind: "embed",
        relation: "profiles",
        alias: "author",
        hint: null,
        items: [{ kind: "column", name: "full_name", alias: "full_name" }],
      },
    ]);
    expect(parseSelect("id,when:created_at,p:profiles!posts_author_id_fkey(*)")).toEqual([
      { kind: "column", name: "id", alias: "id" },
      { kind: "column", name: "created_at", alias: "when" },
      { kind: "embed", relation: "profiles", alias: "p", hint: "posts_author_id_fkey", items: [{ kind: "star" }] },
    ]);
  });

  it("refuses anything that is not a plain identifier with PGRST100", () => {
    for (const input of ["id;drop", "id,", "author:profiles(full_name", 'id"x', "id::text", "a b"]) {
      expect(() => parseSelect(input), input).toThrow(RestError);
    }
  });
});

describe("PostgREST conventions", () => {
  it("maps SQLSTATEs to PostgREST's statuses", () => {
    expect(statusForSqlState("42501", "anon")).toBe(401);
    expect(statusForSqlState("42501", "authenticated")).toBe(403);
    expect(statusForSqlState("23505", "anon")).toBe(409);
    expect(statusForSqlState("23514", "anon")).toBe(400);
    expect(statusForSqlState("25006", "anon")).toBe(405);
    expect(statusForSqlState("42P01", "anon")).toBe(404);
    expect(statusForSqlState("XX000", "anon")).toBe(500);
  });

  it("reads Prefer headers and refuses upserts", () => {
    expect(parsePrefer("return=representation, count=exact")).toEqual({
      return: "representation",
      count: "exact",
      missingDefault: false,
      rollback: false,
    });
    expect(parsePrefer("tx=rollback,missing=default")).toMatchObject({
      return: null,
      rollback: true,
      missingDefault: true,
    });
    expect(() => parsePrefer("resolution=merge-duplicates")).toThrow(RestError);
  });
});
