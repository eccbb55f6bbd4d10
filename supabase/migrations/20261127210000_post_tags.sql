-- Tags and a featured post (issue 38). A post keeps its one category and gains up to 10 tags; one
-- post may be featured, and leads /blog.
--
-- Tags are a column of the post (`tags text[]`), not a table of their own: a tag has nothing but its
-- name, so a post's tags are read, written and hidden with the post itself. The RLS of posts decides
-- who sees a post's tags (anon only a published post's, once its time has come) and who sets them
-- (whoever may change the post: private.may_change_post), with no second set of policies to keep in
-- step; the search document, a generated column, can include them (it cannot read another table);
-- and a tag's page is one GIN-indexed lookup on `tag_slugs`. Tags are the same tag across posts when
-- their slugs are equal ('Web Design' and 'web design' are both /blog/tag/web-design).

-- The URL segment of a tag: the rule of category_slug (and categorySlug() in src/lib/category.ts).
create function private.tag_slug(name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(btrim(regexp_replace(lower(btrim(name)), '[^a-z0-9]+', '-', 'g'), '-'), '')
$$;

create function private.tag_slugs(tags text[])
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(array_agg(private.tag_slug(t) order by o), '{}') from unnest(tags) with ordinality as u(t, o)
$$;

-- The tags as one text for the search document (array_to_string is only stable).
create function private.tags_text(tags text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(string_agg(t, ' '), '') from unnest(tags) as u(t)
$$;

-- A post's tags are valid when there are at most 10, each 1–40 characters, trimmed, with a letter or
-- digit, and no two the same tag (the same slug, so the same case-insensitively).
create function private.tags_valid(tags text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select cardinality(tags) <= 10
     and not exists (
       select 1 from unnest(tags) as u(t)
        where t is null or t <> btrim(t) or char_length(t) not between 1 and 40 or private.tag_slug(t) is null
     )
     and (select count(distinct private.tag_slug(t)) from unnest(tags) as u(t)) = cardinality(tags)
$$;

revoke all on function private.tag_slug(text), private.tag_slugs(text[]), private.tags_text(text[]),
  private.tags_valid(text[]) from public;
grant execute on function private.tag_slug(text), private.tag_slugs(text[]), private.tags_text(text[]),
  private.tags_valid(text[]) to anon, authenticated;

alter table public.posts
  add column tags text[] not null default '{}' constraint posts_tags_check check (private.tags_valid(tags)),
  add column tag_slugs text[] generated always as (private.tag_slugs(tags)) stored,
  add column featured boolean not null default false;

create index posts_tag_slugs_idx on public.posts using gin (tag_slugs);

-- At most one featured post.
create unique index posts_one_featured_idx on public.posts (featured) where featured;

-- The editor sends tags as typed: trimmed here, and a repeat of a tag already on the post (in any
-- case) dropped, so only a real breach of the limits is refused.
create function private.tidy_post_tags()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  tag text;
  seen text[] := '{}';
  tidy text[] := '{}';
begin
  foreach tag in array coalesce(new.tags, '{}') loop
    tag := btrim(tag);
    continue when tag is null or tag = '' or private.tag_slug(tag) = any(seen);
    seen := seen || private.tag_slug(tag);
    tidy := tidy || tag;
  end loop;
  new.tags := tidy;
  return new;
end;
$$;

revoke all on function private.tidy_post_tags() from public, anon, authenticated;

create trigger posts_tidy_tags
  before insert or update of tags on public.posts
  for each row execute function private.tidy_post_tags();

-- Featuring is the editors' call (Owner, Administrators, Editors), whoever wrote the post: an
-- author or contributor saving their post leaves `featured` as it was. Requests by the service role
-- (no auth.uid()) are the server's and pass.
create function private.featuring_by_editors()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null
     and not (select private.edits_all_posts())
     and new.featured is distinct from (case when tg_op = 'INSERT' then false else old.featured end) then
    raise exception 'Only editors feature a post.' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.featuring_by_editors() from public, anon, authenticated;

create trigger posts_featuring_by_editors
  before insert or update of featured on public.posts
  for each row execute function private.featuring_by_editors();

-- Features `post_id` in place of the featured post, if any, in one transaction (the unique index
-- allows one at a time), or unfeatures it. Runs with the caller's rights: RLS and the trigger above
-- decide. Returns whether the post was found.
create function public.set_featured_post(post_id uuid, feature boolean)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if feature then
    update public.posts set featured = false where featured and id <> post_id;
  end if;
  update public.posts set featured = feature where id = post_id;
  return found;
end;
$$;

revoke all on function public.set_featured_post(uuid, boolean) from public, anon;
grant execute on function public.set_featured_post(uuid, boolean) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- post_tags: each tag with the number of posts the caller may see with it, for tag pages, the
-- sitemap and the editor's suggestions. Runs with the caller's rights (security_invoker), so the
-- RLS of posts decides: anon counts published posts only, and never sees a draft's tags.
-- ---------------------------------------------------------------------------------------------
create view public.post_tags
  with (security_invoker = true)
as
  select private.tag_slug(t.name) as slug,
         min(t.name) as name,
         count(*)::integer as post_count,
         max(p.updated_at) as updated_at
    from public.posts p
   cross join lateral unnest(p.tags) as t(name)
   group by private.tag_slug(t.name);

revoke all on table public.post_tags from anon, authenticated;
grant select on table public.post_tags to anon, authenticated;

-- tagged_posts: a card's columns of each post once per tag, for a tag's page (`tag=eq.<slug>`),
-- with the caller's rights like post_tags.
create view public.tagged_posts
  with (security_invoker = true)
as
  select t.slug as tag, p.id, p.title, p.slug, p.category, p.category_slug, p.image_url, p.published_at,
         p.summary, p.reading_minutes
    from public.posts p
   cross join lateral unnest(p.tag_slugs) as t(slug);

revoke all on table public.tagged_posts from anon, authenticated;
grant select on table public.tagged_posts to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Search matches tags: the search document gains them, weighed with the excerpt and category.
-- ---------------------------------------------------------------------------------------------
drop index public.posts_search_vector_idx;
alter table public.posts drop column search_vector;
alter table public.posts
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig,
      coalesce(excerpt, '') || ' ' || coalesce(category, '') || ' ' || private.tags_text(tags)), 'B') ||
    setweight(to_tsvector('english'::regconfig, private.markdown_plain_text(content)), 'C')
  ) stored;
create index posts_search_vector_idx on public.posts using gin (search_vector) with (fastupdate = off);
