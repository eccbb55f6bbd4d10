import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVISOR_RULES, runAdvisor } from "./advisor.ts";
import { createLocalSupabase, type LocalSupabase } from "./index.ts";

/**
 * Each rule of Supabase's Security and Performance Advisor fires, on a mistake built for it inside a
 * transaction that is rolled back on the migrated local database. That the migrated schema itself
 * is clean is supabase/tests/advisor.test.ts.
 */
let local: LocalSupabase;

beforeAll(async () => {
  local = await createLocalSupabase({ inMemory: true, quiet: true, env: {}, bcryptCost: 4 });
});

afterAll(async () => {
  await local?.close();
});

/** A schema mistake per rule, and the object the rule must name for it. */
const MISTAKES: Record<string, { sql: string; names: string }> = {
  rls_disabled_in_public: { sql: `create table public.open_table (id int primary key)`, names: "open_table" },
  policy_exists_rls_disabled: {
    sql: `create table public.half_done (id int primary key); create policy p on public.half_done for select using (id > 0)`,
    names: "half_done",
  },
  rls_policy_always_true: {
    sql: `create table public.notes (id int primary key); alter table public.notes enable row level security;
          grant insert on public.notes to anon; create policy "anyone writes" on public.notes for insert to anon with check (true)`,
    names: "anyone writes",
  },
  multiple_permissive_policies: {
    sql: `create policy "second read" on public.posts for select to anon using (true)`,
    names: "second read",
  },
  auth_rls_initplan: {
    sql: `create policy "per row" on public.lead_events for select to authenticated using (author_id = auth.uid())`,
    names: "per row",
  },
  function_search_path_mutable: {
    sql: `create function public.loose() returns int language sql as $$ select 1 $$`,
    names: "loose()",
  },
  security_definer_view: {
    sql: `create view public.all_posts as select id from public.posts; grant select on public.all_posts to anon`,
    names: "all_posts",
  },
  public_bucket_allows_listing: {
    sql: `create policy "list images" on storage.objects for select to anon using (bucket_id = 'blog-images')`,
    names: "list images",
  },
  unindexed_foreign_keys: {
    sql: `create table public.tags (id int primary key, post_id uuid references public.posts (id)); alter table public.tags enable row level security`,
    names: "tags",
  },
  duplicate_index: { sql: `create index posts_slug_again on public.posts (slug)`, names: "posts_slug_again" },
  no_primary_key: {
    sql: `create table public.loose_rows (value text); alter table public.loose_rows enable row level security`,
    names: "loose_rows",
  },
  materialized_view_in_api: {
    sql: `create materialized view public.post_totals as select count(*) from public.posts; grant select on public.post_totals to anon`,
    names: "post_totals",
  },
  // Moving pgcrypto out of `extensions` takes a superuser, which PGlite's user is; on PostgreSQL the
  // migrations' role (postgres) makes the same mistake with a trusted extension of its own.
  extension_in_public: process.env.LOCAL_DB_URL
    ? { sql: `create extension pg_trgm with schema public`, names: "pg_trgm" }
    : { sql: `create extension if not exists pgcrypto; alter extension pgcrypto set schema public`, names: "pgcrypto" },
  auth_users_exposed: {
    sql: `create view public.people with (security_invoker = true) as select id, email from auth.users; grant select on public.people to authenticated`,
    names: "people",
  },
  rls_references_user_metadata: {
    sql: `create policy "by metadata" on public.lead_events for select to authenticated using (((select auth.jwt()) -> 'user_metadata' ->> 'role') = 'admin')`,
    names: "by metadata",
  },
  security_definer_function_executable: {
    sql: `create function public.peek() returns bigint language sql security definer set search_path = '' as $$ select count(*) from public.leads $$;
          grant execute on function public.peek() to anon`,
    names: "peek()",
  },
};

describe("each rule fires on the mistake it describes", () => {
  it("covers every rule", () => {
    expect(Object.keys(MISTAKES).sort()).toEqual(ADVISOR_RULES.map((rule) => rule.name).sort());
  });

  it.each(Object.entries(MISTAKES))("%s", async (rule, mistake) => {
    let objects: string[] = [];
    await local.db
      .transaction(async (tx) => {
        await tx.exec(mistake.sql);
        objects = (await runAdvisor(tx, [rule])).map((finding) => finding.object);
        throw new Error("rollback");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "rollback")) throw error;
      });
    expect(objects.some((object) => object.includes(mistake.names))).toBe(true);
    expect(await runAdvisor(local.db, [rule])).toEqual([]);
  });
});
