-- Drafts and scheduled posts. A post is a draft or published; a published post has a publication
-- time, and readers see it from that time on. Applies unchanged to a hosted project.

alter table public.posts
  add column status text not null default 'published' constraint posts_status_check check (status in ('draft', 'published')),
  add column published_at timestamptz;

-- Every existing post was public from the moment it was written.
update public.posts set published_at = created_at;

-- From now on a new post starts as a draft unless it says otherwise.
alter table public.posts alter column status set default 'draft';

alter table public.posts
  add constraint posts_published_at_check check (status = 'draft' or published_at is not null);

-- 'Publish now' sends no time: the database stamps its own clock, so a browser whose clock runs
-- ahead cannot hold a post back, and scheduled times are compared with the same clock.
create function private.stamp_publication()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.stamp_publication() from public;

create trigger posts_stamp_publication
  before insert or update of status, published_at on public.posts
  for each row execute function private.stamp_publication();

-- What readers list: published posts, newest publication first.
create index posts_published_idx on public.posts (published_at desc, id desc) where status = 'published';
create index posts_category_published_idx on public.posts (category_slug, published_at desc, id desc) where status = 'published';

-- ---------------------------------------------------------------------------------------------
-- Who sees what. Readers (anon, and signed-in users who are not admins) see a post once it is
-- published and its time has come: a scheduled post appears at its time with no job running, and
-- every path (list, slug, counts, categories, feed, sitemap, direct REST) agrees because they all
-- read through this policy. Admins see every post.
-- ---------------------------------------------------------------------------------------------
drop policy "Posts are readable by everyone" on public.posts;

create policy "Readers see published posts from their publication time"
  on public.posts for select
  to anon, authenticated
  using (status = 'published' and published_at <= now());

create policy "Admins see every post"
  on public.posts for select
  to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- A published post keeps its URL: its slug cannot change once it has been published.
-- ---------------------------------------------------------------------------------------------
create function private.keep_published_slug()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.slug is distinct from old.slug and old.status = 'published' then
    raise exception 'The address of a published post cannot change.'
      using errcode = 'check_violation', hint = 'Keep the slug; edit the title instead.';
  end if;
  return new;
end;
$$;

revoke all on function private.keep_published_slug() from public;

create trigger posts_keep_published_slug
  before update of slug on public.posts
  for each row execute function private.keep_published_slug();
