-- The blog rendered at request time: what the list, category pages and sidebar read without
-- downloading post bodies. Applies unchanged to a hosted project (`supabase db push`) and to the
-- local stand-in (supabase/local).

-- ---------------------------------------------------------------------------------------------
-- Columns the database derives from each post, kept in step by Postgres itself.
-- ---------------------------------------------------------------------------------------------

-- The URL segment of a category page: 'Web Design' -> 'web-design'. The same rule as
-- categorySlug() in src/lib/category.ts.
alter table public.posts
  add column category_slug text generated always as (
    nullif(btrim(regexp_replace(lower(btrim(category)), '[^a-z0-9]+', '-', 'g'), '-'), '')
  ) stored;

-- The start of the body as one line of text, for cards and feeds: a card shows its first 120
-- characters and a meta description its first 160, so lists never read the whole body.
alter table public.posts
  add column summary text generated always as (
    left(btrim(regexp_replace(content, '\s+', ' ', 'g')), 200)
  ) stored;

create index posts_category_slug_created_at_idx on public.posts (category_slug, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- post_categories: each category with the number of posts a reader may see in it. The view runs
-- with the caller's rights (security_invoker), so the RLS policies of posts decide what is counted.
-- ---------------------------------------------------------------------------------------------
create view public.post_categories
  with (security_invoker = true)
as
  select category_slug as slug,
         min(btrim(category)) as name,
         count(*)::integer as post_count,
         max(updated_at) as updated_at
    from public.posts
   where category_slug is not null
   group by category_slug;

revoke all on table public.post_categories from anon, authenticated;
grant select on table public.post_categories to anon, authenticated;
