import { createHash, randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { Database } from "./database.ts";
import { connectPostgres } from "./database.ts";
import { PLATFORM_SHIM_SQL } from "./shim.ts";

/**
 * The local Supabase on a real PostgreSQL server (15, as hosted projects run) instead of PGlite:
 * set LOCAL_DB_URL to a superuser connection (`supabase_admin`, the superuser of Supabase's image)
 * and every in-memory boot gets a database of its own, cloned from a template that holds what a
 * hosted project has before the product's migrations (the roles and schemas below), then the
 * migrations and the seed, applied as `postgres`. The clone is dropped when the boot closes.
 * The server must be a throwaway one (as `npm run test:db:postgres` starts): the bootstrap creates
 * Supabase's roles, demotes `postgres` and connects as each role without a password.
 *
 * The roles and grants follow Supabase's Postgres image (its init scripts and migrations): the
 * `supabase_admin` superuser; `postgres`, which is no superuser but may create roles and databases,
 * bypasses RLS, owns the database (so `public`) and is a member of the API roles and of the roles
 * owning `auth` and `storage`; `anon`, `authenticated` and `service_role` (bypassing RLS), which
 * `authenticator` may switch to; `auth` owned by `supabase_auth_admin`, `storage` by
 * `supabase_storage_admin`; extensions in `extensions`.
 */

/** The template of the migrations and seed in `supabaseDir`: one per folder, so boots of another never share it. */
export function templateDatabase(supabaseDir: string): string {
  return `local_template_${createHash("sha256").update(resolve(supabaseDir)).digest("hex").slice(0, 12)}`;
}

/** Cluster-wide: the roles, with the attributes and memberships of Supabase's image. */
const ROLES_SQL = /* sql */ `
do $$
declare
  role_sql text;
begin
  foreach role_sql in array array[
    'supabase_admin login superuser createdb createrole replication bypassrls',
    'postgres login createdb createrole replication bypassrls',
    'anon nologin',
    'authenticated nologin',
    'service_role nologin bypassrls',
    'authenticator login noinherit',
    'supabase_auth_admin login noinherit createrole noreplication',
    'supabase_storage_admin login noinherit createrole noreplication',
    'dashboard_user nologin createdb createrole replication'
  ] loop
    if not exists (select 1 from pg_roles where rolname = split_part(role_sql, ' ', 1)) then
      execute 'create role ' || role_sql;
    end if;
  end loop;
end
$$;

-- The image demotes postgres after its setup: no superuser, everything else a project owner needs.
alter role postgres nosuperuser createdb createrole login replication bypassrls;
-- API roles inherit (Supabase's 2023 change), so a role granted to them passes on its privileges.
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant authenticator to supabase_storage_admin;
grant pg_read_all_data, pg_signal_backend to postgres;

alter role supabase_admin set search_path to "$user", public, auth, extensions;
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
`;

/** Per database, as `supabase_admin`, before the platform shim: schemas, extensions, default privileges. */
const SCHEMAS_SQL = /* sql */ `
-- The image's init scripts run as postgres (a superuser until its demotion), so postgres owns the
-- extensions schema and the extensions installed there; both are trusted, so it may create them here.
set role postgres;
create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
reset role;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres, dashboard_user;
grant all privileges on all tables in schema extensions to postgres with grant option;
grant all privileges on all routines in schema extensions to postgres with grant option;
grant all privileges on all sequences in schema extensions to postgres with grant option;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

-- What postgres (the migrations) and supabase_admin create in public, the API roles may use; the
-- migrations' revokes are what protect the data.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema if not exists auth authorization supabase_admin;
create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to postgres;

-- The CLI's migration history belongs to the role that runs \`supabase db push\`.
create schema if not exists supabase_migrations authorization postgres;
set role postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);
reset role;
`;

/** Per database, after the platform shim: the owners and grants of auth and storage. */
const OWNERS_SQL = /* sql */ `
do $$
declare
  item record;
begin
  for item in
    select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'S', 'v')
  loop
    if item.relkind <> 'S' or not exists (
      select 1 from pg_depend d where d.objid = (quote_ident(item.nspname) || '.' || quote_ident(item.relname))::regclass
        and d.deptype in ('a', 'i')
    ) then
      execute format('alter table %I.%I owner to %I', item.nspname, item.relname,
        case item.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
    end if;
  end loop;
  for item in
    select n.nspname, p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('auth', 'storage')
  loop
    execute format('alter function %s owner to %I', item.signature,
      case item.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for item in
    select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typtype = 'e'
  loop
    execute format('alter type %I.%I owner to supabase_auth_admin', item.nspname, item.typname);
  end loop;
end
$$;

grant all privileges on schema auth to supabase_auth_admin;
grant all on schema auth to postgres, dashboard_user;
grant all on all tables in schema auth to postgres, dashboard_user;
grant all on all sequences in schema auth to postgres, dashboard_user;
grant all on all routines in schema auth to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres, dashboard_user;

grant all privileges on schema storage to supabase_storage_admin;
grant all on schema storage to postgres, dashboard_user;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema storage to postgres, dashboard_user;
grant all on all routines in schema storage to postgres, dashboard_user;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;
`;

/** The same connection string as another role, on another database. */
function connectionAs(url: string, user: string, database: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = "";
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Builds the template: the roles (once per server), then a fresh database owned by `postgres` with
 * the platform as Supabase's image has it, then `migrate` run on it connected as `postgres`.
 */
export async function prepareTemplate(
  adminUrl: string,
  template: string,
  migrate: (db: Database) => Promise<void>,
): Promise<void> {
  const admin = await connectPostgres(adminUrl);
  try {
    await admin.exec(ROLES_SQL);
    await admin.exec(`drop database if exists ${quoteIdent(template)} with (force)`);
    await admin.exec(`create database ${quoteIdent(template)} owner postgres`);
  } finally {
    await admin.close();
  }
  const platform = await connectPostgres(connectionAs(adminUrl, "supabase_admin", template));
  try {
    await platform.exec(SCHEMAS_SQL);
    await platform.exec(PLATFORM_SHIM_SQL);
    await platform.exec(OWNERS_SQL);
  } finally {
    await platform.close();
  }
  const owner = await connectPostgres(connectionAs(adminUrl, "postgres", template));
  try {
    await owner.exec(`set time zone 'UTC'`);
    await migrate(owner);
  } finally {
    await owner.close();
  }
}

/**
 * A database of its own for one boot, cloned from the template (built first if the server has
 * none), and connected as `postgres`; `close` drops it.
 */
export async function openScratchDatabase(
  adminUrl: string,
  template: string,
  migrate: (db: Database) => Promise<void>,
): Promise<Database> {
  const name = `local_${process.pid}_${randomBytes(6).toString("hex")}`;
  const admin = await connectPostgres(adminUrl);
  try {
    // One template per server and folder, built by whichever boot comes first.
    await admin.query(`select pg_advisory_lock(hashtext($1))`, [template]);
    const { rows } = await admin.query(`select 1 from pg_database where datname = $1`, [template]);
    if (rows.length === 0) await prepareTemplate(adminUrl, template, migrate);
    await admin.exec(`create database ${quoteIdent(name)} template ${quoteIdent(template)} owner postgres`);
    await admin.query(`select pg_advisory_unlock(hashtext($1))`, [template]);
  } finally {
    await admin.close();
  }
  const db = await connectPostgres(connectionAs(adminUrl, "postgres", name));
  await db.exec(`set time zone 'UTC'`);
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = await connectPostgres(adminUrl);
      try {
        await dropper.exec(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await dropper.close();
      }
    },
  };
}
