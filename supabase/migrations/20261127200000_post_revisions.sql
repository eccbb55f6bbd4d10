-- Every save of a post kept, and restorable (issue 38). A trigger writes a revision whenever a save
-- changes what the reader reads (title, body, excerpt, category, image, slug) or the post's stage,
-- so no screen can forget. Restoring is a normal save of a revision's fields, which the trigger
-- records in turn, so a restore can be undone like any other save.
--
-- The cap: the last 50 revisions of a post are kept, and beyond them every version that was
-- published (`published`: the saved row was live, or scheduled to go live, when it was saved).
-- Autosaves are separate: each member keeps at most one per post, their latest typing, replaced in
-- place by autosave_post() and never touching the live post, so they cannot flood the cap.
--
-- A handover (author_id changed, e.g. by remove_team_member) changes no content and writes no
-- revision; post_events records it.

create table public.post_revisions (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.posts (id) on delete cascade,
  kind text not null constraint post_revisions_kind_check check (kind in ('save', 'autosave')),
  title text not null,
  content text not null,
  excerpt text,
  category text,
  image_url text,
  image_alt text,
  slug text not null,
  status text not null,
  published_at timestamptz,
  published boolean not null default false,
  author_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index post_revisions_post_id_idx on public.post_revisions (post_id, created_at desc, id desc);
create index post_revisions_author_id_idx on public.post_revisions (author_id);
-- One autosave per member per post: autosave_post() replaces it.
create unique index post_revisions_one_autosave_idx on public.post_revisions (post_id, author_id) where kind = 'autosave';

comment on table public.post_revisions is
  'Every save of a post (trigger) and each member''s latest autosave; the last 50 per post and every published version are kept.';

alter table public.post_revisions enable row level security;
revoke all on table public.post_revisions from anon, authenticated;
grant select on table public.post_revisions to authenticated;

-- Mirrors post_events: whoever may read the post's drafts reads its revisions; anon reads none.
create policy "Members read the revisions of the posts they work on" on public.post_revisions for select to authenticated
  using (
    (select private.reads_all_posts())
    or exists (
      select 1 from public.posts p
       where p.id = post_id and p.author_id = (select auth.uid()) and (select private.writes_posts())
    )
  );
create policy "A second factor, once enrolled, is required for the revisions of posts"
  on public.post_revisions as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

create function private.record_post_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug,
          new.status, new.published_at)
         is not distinct from
         (old.title, old.content, old.excerpt, old.category, old.image_url, old.image_alt, old.slug,
          old.status, old.published_at) then
    return null;
  end if;
  insert into public.post_revisions
    (post_id, kind, title, content, excerpt, category, image_url, image_alt, slug, status, published_at,
     published, author_id)
  values
    (new.id, 'save', new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug,
     new.status, new.published_at, new.status = 'published', (select auth.uid()));
  -- The cap: beyond the newest 50 saves, only published versions stay.
  delete from public.post_revisions r
   where r.post_id = new.id
     and r.kind = 'save'
     and not r.published
     and r.id not in (
       select k.id from public.post_revisions k
        where k.post_id = new.id and k.kind = 'save'
        order by k.id desc
        limit 50
     );
  return null;
end;
$$;

revoke all on function private.record_post_revision() from public, anon, authenticated;

create trigger posts_record_revision
  after insert or update on public.posts
  for each row execute function private.record_post_revision();

-- The member's latest typing on a post they may change, kept as their one autosave revision of it.
-- Answers the autosave's time. The live post is not touched.
create function private.autosave_post(
  post uuid, new_title text, new_content text, new_excerpt text, new_category text,
  new_image_url text, new_image_alt text
)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.posts;
  saved timestamptz := now();
begin
  select * into target from public.posts p where p.id = post;
  if target.id is null or not (select private.aal_satisfied())
     or not private.may_change_post(target.author_id, target.status) then
    raise exception 'You may not change this post.' using errcode = '42501';
  end if;
  if length(btrim(coalesce(new_title, ''))) = 0 or length(btrim(coalesce(new_content, ''))) = 0 then
    raise exception 'An autosave needs a title and a body.' using errcode = '22023';
  end if;
  if char_length(coalesce(new_excerpt, '')) > 300 or char_length(coalesce(new_image_alt, '')) > 300
     or char_length(new_title) > 500 or char_length(new_content) > 200000 then
    raise exception 'That autosave is too long.' using errcode = '22001';
  end if;
  insert into public.post_revisions
    (post_id, kind, title, content, excerpt, category, image_url, image_alt, slug, status, published_at,
     author_id, created_at)
  values
    (target.id, 'autosave', new_title, new_content, new_excerpt, new_category, new_image_url, new_image_alt,
     target.slug, target.status, target.published_at, (select auth.uid()), saved)
  on conflict (post_id, author_id) where kind = 'autosave' do update
    set title = excluded.title, content = excluded.content, excerpt = excluded.excerpt,
        category = excluded.category, image_url = excluded.image_url, image_alt = excluded.image_alt,
        slug = excluded.slug, status = excluded.status, published_at = excluded.published_at,
        created_at = excluded.created_at;
  return saved;
end;
$$;

revoke all on function private.autosave_post(uuid, text, text, text, text, text, text) from public, anon;
grant execute on function private.autosave_post(uuid, text, text, text, text, text, text) to authenticated;

create function public.autosave_post(
  post uuid, new_title text, new_content text, new_excerpt text default null, new_category text default null,
  new_image_url text default null, new_image_alt text default null
)
returns timestamptz language sql security invoker set search_path = ''
as $$ select private.autosave_post(post, new_title, new_content, new_excerpt, new_category, new_image_url, new_image_alt) $$;

revoke all on function public.autosave_post(uuid, text, text, text, text, text, text) from public, anon;
grant execute on function public.autosave_post(uuid, text, text, text, text, text, text) to authenticated;

-- Posts written before revisions existed start with their current text as the first revision.
insert into public.post_revisions
  (post_id, kind, title, content, excerpt, category, image_url, image_alt, slug, status, published_at,
   published, author_id, created_at)
select p.id, 'save', p.title, p.content, p.excerpt, p.category, p.image_url, p.image_alt, p.slug, p.status,
       p.published_at, p.status = 'published', p.author_id, p.updated_at
  from public.posts p;
