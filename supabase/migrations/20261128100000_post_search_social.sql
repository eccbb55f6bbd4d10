-- Search and social fields per post (issue 38). Each is optional: a null field falls back to today's
-- behaviour (src/lib/post-meta.ts holds the fallback rules, which the server render, the feed, the
-- sitemap and the editor's previews share).
--
--   seo_title, seo_description        what a search result shows (Google displays about 60 and 155
--                                      characters; the editor counts, the database only bounds)
--   canonical_url                     for a post first published elsewhere: the page names that URL
--                                      as canonical and leaves the sitemap
--   social_title, social_description  what a link card on WhatsApp, LinkedIn or X shows
--   social_image_url                  the card's image; without it, the cover, and without a cover a
--                                      card drawn at request time (/blog/<slug>/card.png)
--
-- The columns belong to the post, so the posts' RLS decides who reads and writes them, as for tags.
-- Blank text (spaces, tabs, line breaks) is refused and stored as null (the editor sends null), so
-- "set" always means "has words".

alter table public.posts
  add column seo_title text
    constraint posts_seo_title_check check (seo_title is null or char_length(btrim(seo_title, E' \t\n\r\f')) between 1 and 200),
  add column seo_description text
    constraint posts_seo_description_check
      check (seo_description is null or char_length(btrim(seo_description, E' \t\n\r\f')) between 1 and 400),
  add column canonical_url text
    constraint posts_canonical_url_check
      check (canonical_url is null or (canonical_url ~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' and char_length(canonical_url) <= 2048)),
  add column social_title text
    constraint posts_social_title_check check (social_title is null or char_length(btrim(social_title, E' \t\n\r\f')) between 1 and 200),
  add column social_description text
    constraint posts_social_description_check
      check (social_description is null or char_length(btrim(social_description, E' \t\n\r\f')) between 1 and 400),
  add column social_image_url text
    constraint posts_social_image_url_check
      check (social_image_url is null or (social_image_url ~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' and char_length(social_image_url) <= 2048));

comment on column public.posts.seo_title is 'Search result title; null: the post''s title with the site''s name.';
comment on column public.posts.seo_description is 'Search result description; null: the excerpt, or the body''s first lines.';
comment on column public.posts.canonical_url is 'Where the post was first published; null: its own URL.';
comment on column public.posts.social_title is 'Link card title; null: the search title.';
comment on column public.posts.social_description is 'Link card description; null: the search description.';
comment on column public.posts.social_image_url is 'Link card image; null: the cover, else a drawn card.';

-- Revisions keep the six fields, as they keep the title and the body: a save that changes only a
-- search or social field is a revision, and restoring one brings its fields back. The columns carry
-- no checks of their own: every save copies a row the posts' checks accepted, and an autosave is
-- typing in progress (autosave_post() bounds its length as it does the other fields').
alter table public.post_revisions
  add column seo_title text,
  add column seo_description text,
  add column canonical_url text,
  add column social_title text,
  add column social_description text,
  add column social_image_url text;

create or replace function private.record_post_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug,
          new.status, new.published_at, new.seo_title, new.seo_description, new.canonical_url,
          new.social_title, new.social_description, new.social_image_url)
         is not distinct from
         (old.title, old.content, old.excerpt, old.category, old.image_url, old.image_alt, old.slug,
          old.status, old.published_at, old.seo_title, old.seo_description, old.canonical_url,
          old.social_title, old.social_description, old.social_image_url) then
    return null;
  end if;
  insert into public.post_revisions
    (post_id, kind, title, content, excerpt, category, image_url, image_alt, slug, status, published_at,
     published, author_id, seo_title, seo_description, canonical_url, social_title, social_description,
     social_image_url)
  values
    (new.id, 'save', new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug,
     new.status, new.published_at, new.status = 'published', (select auth.uid()), new.seo_title,
     new.seo_description, new.canonical_url, new.social_title, new.social_description, new.social_image_url);
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

-- The autosave carries the six fields too: its signature changes, so the old one goes (an overload
-- left behind would answer calls without the fields and drop them).
drop function public.autosave_post(uuid, text, text, text, text, text, text);
drop function private.autosave_post(uuid, text, text, text, text, text, text);

create function private.autosave_post(
  post uuid, new_title text, new_content text, new_excerpt text, new_category text,
  new_image_url text, new_image_alt text, new_seo_title text, new_seo_description text,
  new_canonical_url text, new_social_title text, new_social_description text, new_social_image_url text
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
  -- The posts' own bounds (2048 for an address, 200 and 400 for the texts): an autosave holds no
  -- more than a save could.
  if char_length(coalesce(new_excerpt, '')) > 300 or char_length(coalesce(new_image_alt, '')) > 300
     or char_length(new_title) > 500 or char_length(new_content) > 200000
     or char_length(coalesce(new_seo_title, '')) > 200 or char_length(coalesce(new_social_title, '')) > 200
     or char_length(coalesce(new_seo_description, '')) > 400
     or char_length(coalesce(new_social_description, '')) > 400
     or char_length(coalesce(new_canonical_url, '')) > 2048
     or char_length(coalesce(new_social_image_url, '')) > 2048 then
    raise exception 'That autosave is too long.' using errcode = '22001';
  end if;
  insert into public.post_revisions
    (post_id, kind, title, content, excerpt, category, image_url, image_alt, slug, status, published_at,
     author_id, created_at, seo_title, seo_description, canonical_url, social_title, social_description,
     social_image_url)
  values
    (target.id, 'autosave', new_title, new_content, new_excerpt, new_category, new_image_url, new_image_alt,
     target.slug, target.status, target.published_at, (select auth.uid()), saved, new_seo_title,
     new_seo_description, new_canonical_url, new_social_title, new_social_description, new_social_image_url)
  on conflict (post_id, author_id) where kind = 'autosave' do update
    set title = excluded.title, content = excluded.content, excerpt = excluded.excerpt,
        category = excluded.category, image_url = excluded.image_url, image_alt = excluded.image_alt,
        slug = excluded.slug, status = excluded.status, published_at = excluded.published_at,
        created_at = excluded.created_at, seo_title = excluded.seo_title,
        seo_description = excluded.seo_description, canonical_url = excluded.canonical_url,
        social_title = excluded.social_title, social_description = excluded.social_description,
        social_image_url = excluded.social_image_url;
  return saved;
end;
$$;

revoke all on function private.autosave_post(uuid, text, text, text, text, text, text, text, text, text, text, text, text)
  from public, anon;
grant execute on function private.autosave_post(uuid, text, text, text, text, text, text, text, text, text, text, text, text)
  to authenticated;

create function public.autosave_post(
  post uuid, new_title text, new_content text, new_excerpt text default null, new_category text default null,
  new_image_url text default null, new_image_alt text default null, new_seo_title text default null,
  new_seo_description text default null, new_canonical_url text default null, new_social_title text default null,
  new_social_description text default null, new_social_image_url text default null
)
returns timestamptz language sql security invoker set search_path = ''
as $$
  select private.autosave_post(post, new_title, new_content, new_excerpt, new_category, new_image_url, new_image_alt,
                               new_seo_title, new_seo_description, new_canonical_url, new_social_title,
                               new_social_description, new_social_image_url)
$$;

revoke all on function public.autosave_post(uuid, text, text, text, text, text, text, text, text, text, text, text, text)
  from public, anon;
grant execute on function public.autosave_post(uuid, text, text, text, text, text, text, text, text, text, text, text, text)
  to authenticated;
