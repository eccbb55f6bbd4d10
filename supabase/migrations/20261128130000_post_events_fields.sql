-- The post's history (post_events) also records what issue 38 added to a post: a change of tags or of
-- the search and social fields is an edit, and featuring a post (or its losing the place to another)
-- is an event of its own. Before this, those saves left no line in the history.

alter table public.post_events drop constraint post_events_kind_check;
alter table public.post_events add constraint post_events_kind_check
  check (kind in ('created', 'edited', 'published', 'scheduled', 'unpublished', 'handed_over', 'featured', 'unfeatured'));

create or replace function private.record_post_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  what text;
begin
  if tg_op = 'INSERT' then
    what := case
              when new.status = 'published' and new.published_at > now() then 'scheduled'
              when new.status = 'published' then 'published'
              else 'created'
            end;
  elsif new.author_id is distinct from old.author_id then
    what := 'handed_over';
  elsif new.status = 'published' and (old.status is distinct from 'published' or new.published_at is distinct from old.published_at) then
    what := case when new.published_at > now() then 'scheduled' else 'published' end;
  elsif old.status = 'published' and new.status is distinct from 'published' then
    what := 'unpublished';
  elsif (new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug, new.tags,
         new.seo_title, new.seo_description, new.canonical_url, new.social_title, new.social_description,
         new.social_image_url)
        is distinct from
        (old.title, old.content, old.excerpt, old.category, old.image_url, old.image_alt, old.slug, old.tags,
         old.seo_title, old.seo_description, old.canonical_url, old.social_title, old.social_description,
         old.social_image_url) then
    what := 'edited';
  end if;
  if what is not null then
    insert into public.post_events (post_id, kind, actor_id) values (new.id, what, (select auth.uid()));
  end if;
  -- Featuring is recorded beside whatever else the save did (set_featured_post also unfeatures the
  -- post that held the place, which records 'unfeatured' on that post).
  if new.featured is distinct from (case when tg_op = 'INSERT' then false else old.featured end) then
    insert into public.post_events (post_id, kind, actor_id)
    values (new.id, case when new.featured then 'featured' else 'unfeatured' end, (select auth.uid()));
  end if;
  return null;
end;
$$;

revoke all on function private.record_post_event() from public, anon, authenticated;
