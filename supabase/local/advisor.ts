import type { Queryable } from "./database.ts";

/**
 * The rules of Supabase's Security and Performance Advisor that can apply to this schema, written
 * from the lints' documentation (supabase/splinter, docs/*.md) as catalog queries of our own. Each
 * query returns one row per finding, naming the object. supabase/tests/advisor.test.ts runs them
 * against the migrated database and fails on any WARN or ERROR; advisor.test.ts beside this file
 * builds each mistake on purpose to prove every rule can fire.
 *
 * "Exposed" means the schema the Data API serves: `public` (storage.objects is reached through the
 * Storage API, which the bucket rule covers).
 */
type AdvisorLevel = "ERROR" | "WARN" | "INFO";

export interface AdvisorRule {
  name: string;
  level: AdvisorLevel;
  /** Returns rows with one column, `object`: what the finding is about. */
  sql: string;
}

/** Schemas the platform owns; their objects are not the project's. */
const PLATFORM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'storage', 'extensions', 'supabase_migrations', 'realtime', 'vault', 'graphql', 'graphql_public', 'net', 'cron', 'pgsodium')`;

/** Roles a policy reaches through the API: anon, authenticated, or everyone (oid 0, `public`). */
const API_ROLES_OF_POLICY = `(p.polroles = array[0::oid] or exists (select 1 from unnest(p.polroles) r where r::regrole::text in ('anon', 'authenticated')))`;

/** A policy expression with case, spaces and outer parentheses ignored. */
const normalized = (expr: string) =>
  `regexp_replace(regexp_replace(lower(coalesce(${expr}, '')), '\\s+', '', 'g'), '^\\(+|\\)+$', '', 'g')`;

const readable = (relation: string) =>
  `(has_table_privilege('anon', ${relation}, 'select') or has_table_privilege('authenticated', ${relation}, 'select'))`;

export const ADVISOR_RULES: AdvisorRule[] = [
  {
    name: "rls_disabled_in_public",
    level: "ERROR",
    sql: `select c.oid::regclass::text as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  },
  {
    name: "policy_exists_rls_disabled",
    level: "ERROR",
    sql: `select distinct c.oid::regclass::text as object from pg_policy p join pg_class c on c.oid = p.polrelid
           where not c.relrowsecurity`,
  },
  {
    // SELECT policies may be open on purpose (public content); writes never.
    name: "rls_policy_always_true",
    level: "WARN",
    sql: `select c.oid::regclass::text || ': ' || p.polname as object
            from pg_policy p join pg_class c on c.oid = p.polrelid
           where p.polpermissive and ${API_ROLES_OF_POLICY}
             and (
               (p.polcmd in ('w', 'd', '*') and (p.polqual is null or ${normalized("pg_get_expr(p.polqual, p.polrelid)")} in ('true', '1=1')))
               or (p.polcmd in ('a', 'w', '*') and ${normalized("pg_get_expr(p.polwithcheck, p.polrelid)")} in ('true', '1=1'))
               or (p.polcmd = 'a' and p.polwithcheck is null)
             )`,
  },
  {
    name: "multiple_permissive_policies",
    level: "WARN",
    sql: `with expanded as (
            select c.oid::regclass::text as relation, p.polname, roles.role, actions.action
              from pg_policy p join pg_class c on c.oid = p.polrelid
             cross join lateral unnest(case when p.polroles = array[0::oid] then array['anon', 'authenticated'] else array(select r::regrole::text from unnest(p.polroles) r) end) as roles(role)
             cross join lateral unnest(case p.polcmd when '*' then array['r', 'a', 'w', 'd'] else array[p.polcmd::text] end) as actions(action)
             where p.polpermissive
          )
          select relation || ' (' || role || ', ' || action || '): ' || string_agg(polname, ', ' order by polname) as object
            from expanded where role in ('anon', 'authenticated')
           group by relation, role, action having count(*) > 1`,
  },
  {
    // auth.uid() and friends, or current_setting(), called per row instead of once through a
    // scalar subquery ('(select auth.uid())', which pg_get_expr prints as '( SELECT auth.uid() AS uid)').
    name: "auth_rls_initplan",
    level: "WARN",
    sql: `select c.oid::regclass::text || ': ' || p.polname as object
            from pg_policy p join pg_class c on c.oid = p.polrelid,
                 lateral (select regexp_replace(coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''),
                                                '\\(\\s*SELECT\\s+(auth\\.\\w+\\(\\)|current_setting\\([^)]*\\))(::\\w+)?\\s+AS\\s+\\w+\\s*\\)', '', 'gi') as rest) e
           where e.rest ~* '(auth\\.(uid|role|jwt|email)\\(|current_setting\\()'`,
  },
  {
    name: "function_search_path_mutable",
    level: "WARN",
    sql: `select f.oid::regprocedure::text as object from pg_proc f join pg_namespace n on n.oid = f.pronamespace
           where n.nspname not in ${PLATFORM_SCHEMAS}
             and f.prokind in ('f', 'p')
             and not exists (select 1 from pg_depend d where d.objid = f.oid and d.deptype = 'e')
             and not exists (select 1 from unnest(coalesce(f.proconfig, '{}')) setting where setting like 'search\\_path=%')`,
  },
  {
    name: "security_definer_view",
    level: "ERROR",
    sql: `select c.oid::regclass::text as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'v' and ${readable("c.oid")}
             and not coalesce('security_invoker=true' = any(c.reloptions) or 'security_invoker=on' = any(c.reloptions), false)`,
  },
  {
    // A public bucket serves URLs without any policy; a broad SELECT policy only adds listing.
    name: "public_bucket_allows_listing",
    level: "WARN",
    sql: `select b.id || ': ' || p.polname as object
            from storage.buckets b
            join pg_policy p on p.polrelid = 'storage.objects'::regclass
           where b.public and p.polpermissive and p.polcmd in ('r', '*') and ${API_ROLES_OF_POLICY}
             and (p.polqual is null
                  or ${normalized("pg_get_expr(p.polqual, p.polrelid)")} in ('true', '1=1')
                  or regexp_replace(${normalized("pg_get_expr(p.polqual, p.polrelid)")}, '::text|[()]', '', 'g') = 'bucket_id=''' || b.id || '''')`,
  },
  {
    name: "unindexed_foreign_keys",
    level: "WARN",
    sql: `select k.conrelid::regclass::text || ': ' || k.conname as object
            from pg_constraint k join pg_namespace n on n.oid = k.connamespace
           where k.contype = 'f' and n.nspname = 'public'
             and not exists (
               select 1 from pg_index i
                where i.indrelid = k.conrelid
                  and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] @> k.conkey
                  and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] <@ k.conkey
             )`,
  },
  {
    name: "duplicate_index",
    level: "WARN",
    sql: `select i.indrelid::regclass::text || ': ' || string_agg(i.indexrelid::regclass::text, ', ' order by i.indexrelid::regclass::text) as object
            from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public'
           group by i.indrelid, i.indkey::text, i.indclass::text, i.indcollation::text, coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
          having count(*) > 1`,
  },
  {
    name: "no_primary_key",
    level: "WARN",
    sql: `select c.oid::regclass::text as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
             and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    name: "materialized_view_in_api",
    level: "WARN",
    sql: `select c.oid::regclass::text as object from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'm' and ${readable("c.oid")}`,
  },
  {
    name: "extension_in_public",
    level: "WARN",
    sql: `select e.extname as object from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
  },
  {
    // A view in the API that reads auth.users shows every account's address to whoever may read it.
    name: "auth_users_exposed",
    level: "ERROR",
    sql: `select distinct v.oid::regclass::text as object
            from pg_class v join pg_namespace n on n.oid = v.relnamespace
            join pg_rewrite r on r.ev_class = v.oid
            join pg_depend d on d.objid = r.oid and d.refobjid = 'auth.users'::regclass
           where n.nspname = 'public' and v.relkind in ('v', 'm') and ${readable("v.oid")}`,
  },
  {
    name: "rls_references_user_metadata",
    level: "ERROR",
    sql: `select c.oid::regclass::text || ': ' || p.polname as object from pg_policy p join pg_class c on c.oid = p.polrelid
           where coalesce(pg_get_expr(p.polqual, p.polrelid), '') || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') ~* 'user_metadata'`,
  },
  {
    // A SECURITY DEFINER function in the exposed schema that anon or a signed-in user may call runs
    // past RLS for anyone holding the anon key.
    name: "security_definer_function_executable",
    level: "WARN",
    sql: `select f.oid::regprocedure::text as object from pg_proc f join pg_namespace n on n.oid = f.pronamespace
           where n.nspname = 'public' and f.prosecdef
             and (has_function_privilege('anon', f.oid, 'execute') or has_function_privilege('authenticated', f.oid, 'execute'))`,
  },
];

export interface AdvisorFinding {
  rule: string;
  level: AdvisorLevel;
  object: string;
}

/** Every finding of every rule (or of `only`), in rule order; the rules only query the catalog. */
export async function runAdvisor(db: Queryable, only?: string[]): Promise<AdvisorFinding[]> {
  const findings: AdvisorFinding[] = [];
  for (const rule of ADVISOR_RULES) {
    if (only && !only.includes(rule.name)) continue;
    const { rows } = await db.query<{ object: string }>(rule.sql);
    for (const row of rows) findings.push({ rule: rule.name, level: rule.level, object: row.object });
  }
  return findings;
}
