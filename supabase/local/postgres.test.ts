import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSupabase, type LocalSupabase } from "./index.ts";

/**
 * The PostgreSQL bootstrap (postgres.ts) holds what Supabase's image sets up, and the migrations
 * were applied by its `postgres`, no superuser. PostgreSQL only (`npm run test:db:postgres` sets
 * LOCAL_DB_URL): PGlite has one superuser and none of these roles to compare.
 */
const onPostgres = Boolean(process.env.LOCAL_DB_URL?.trim());

describe.skipIf(!onPostgres)("the local Supabase on PostgreSQL", () => {
  let local: LocalSupabase;

  beforeAll(async () => {
    local = await createLocalSupabase({ inMemory: true, quiet: true, env: {}, bcryptCost: 4 });
  });

  afterAll(async () => {
    await local?.close();
  });

  it("has Supabase's roles, with their attributes", async () => {
    const { rows } = await local.db.query<Record<string, unknown>>(
      `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls
         from pg_roles where rolname = any($1) order by rolname`,
      [["supabase_admin", "postgres", "anon", "authenticated", "service_role", "authenticator"]],
    );
    const role = (rolname: string, flags: string) => ({
      rolname,
      rolsuper: flags.includes("super"),
      rolinherit: !flags.includes("noinherit"),
      rolcreaterole: flags.includes("createrole"),
      rolcreatedb: flags.includes("createdb"),
      rolcanlogin: flags.includes("login"),
      rolreplication: flags.includes("replication"),
      rolbypassrls: flags.includes("bypassrls"),
    });
    expect(rows).toEqual([
      role("anon", ""),
      role("authenticated", ""),
      role("authenticator", "noinherit login"),
      role("postgres", "createrole createdb login replication bypassrls"),
      role("service_role", "bypassrls"),
      role("supabase_admin", "super createrole createdb login replication bypassrls"),
    ]);
  });

  it("lets authenticator and postgres become the API roles, and postgres act as the auth and storage owners", async () => {
    const { rows } = await local.db.query<{ member: string; role: string; can: boolean }>(
      `select member, role, pg_has_role(member, role, 'member') as can
         from unnest($1::text[]) as member, unnest($2::text[]) as role order by 1, 2`,
      [
        ["authenticator", "postgres"],
        ["anon", "authenticated", "service_role", "supabase_admin", "supabase_auth_admin"],
      ],
    );
    expect(Object.fromEntries(rows.map((row) => [`${row.member} → ${row.role}`, row.can]))).toEqual({
      "authenticator → anon": true,
      "authenticator → authenticated": true,
      "authenticator → service_role": true,
      "authenticator → supabase_admin": false,
      "authenticator → supabase_auth_admin": false,
      "postgres → anon": true,
      "postgres → authenticated": true,
      "postgres → service_role": true,
      "postgres → supabase_admin": false,
      "postgres → supabase_auth_admin": true,
    });
  });

  it("applied the migrations and the seed as postgres, which is no superuser", async () => {
    const { rows: me } = await local.db.query<{ user: string; superuser: boolean }>(
      `select current_user as user, (select rolsuper from pg_roles where rolname = current_user) as superuser`,
    );
    expect(me).toEqual([{ user: "postgres", superuser: false }]);
    const { rows: owners } = await local.db.query<{ owner: string }>(
      `select distinct c.relowner::regrole::text as owner from pg_class c
        where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace, 'supabase_migrations'::regnamespace)
          and c.relkind in ('r', 'v', 'm')`,
    );
    expect(owners).toEqual([{ owner: "postgres" }]);
    await expect(local.db.query(`alter role postgres superuser`)).rejects.toThrow(
      /permission denied|must be superuser/,
    );
  });

  it("has auth and storage owned by their services' roles", async () => {
    const { rows } = await local.db.query<{ object: string; owner: string }>(
      `select c.oid::regclass::text as object, c.relowner::regrole::text as owner from pg_class c
        where c.oid in ('auth.users'::regclass, 'auth.sessions'::regclass, 'auth.mfa_factors'::regclass,
                        'storage.buckets'::regclass, 'storage.objects'::regclass)
       union all
       select p.oid::regprocedure::text, p.proowner::regrole::text from pg_proc p
        where p.oid in ('auth.uid()'::regprocedure, 'auth.jwt()'::regprocedure, 'storage.foldername(text)'::regprocedure)
       order by 1`,
    );
    expect(rows).toEqual([
      { object: "auth.jwt()", owner: "supabase_auth_admin" },
      { object: "auth.mfa_factors", owner: "supabase_auth_admin" },
      { object: "auth.sessions", owner: "supabase_auth_admin" },
      { object: "auth.uid()", owner: "supabase_auth_admin" },
      { object: "auth.users", owner: "supabase_auth_admin" },
      { object: "storage.buckets", owner: "supabase_storage_admin" },
      { object: "storage.foldername(text)", owner: "supabase_storage_admin" },
      { object: "storage.objects", owner: "supabase_storage_admin" },
    ]);
  });
});
