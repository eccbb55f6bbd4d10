-- Bounds on a post's title (200 characters) and category (60) in the database (issue 43). The
-- editor's maxLength was the browser's only: anyone with a member's token could save a title of any
-- length through the REST API, and a 1,600-character word held the social card's drawing up for
-- 41 seconds. src/lib/post-meta.ts (POST_TEXT_BOUNDS) holds the same numbers for the editor, and
-- supabase/tests/post-title-bounds.test.ts saves each field at the bound and one over.
--
-- Existing rows are brought within the bounds first, so that the migration cannot fail on a
-- hosted project whatever its posts hold: an overlong title or category is shortened at a word
-- (when the cut keeps at least half of the bound; otherwise by characters), without the
-- punctuation before the cut, and ends with "…". Refusing to migrate would leave the project
-- unpatched until someone edits the post by hand, and deleting text loses nothing here: the text
-- before the shortening stays in the post's revisions (the posts_record_revision trigger has kept
-- a revision of every post and every save since 20261127200000_post_revisions.sql, and the update
-- below records the shortened one after it, so the full text is the revision before), and each
-- post shortened is named in the migration's output. A category is shortened the same way for
-- every post that has it, so the posts of a category stay together (under a new slug).

create function pg_temp.within(value text, bound integer)
returns text
language sql
immutable
as $$
  select case
    when value is null or char_length(value) <= bound then value
    else rtrim(
      case
        when char_length(substring(left(value, bound - 1) from '^(.*\S)\s')) >= bound / 2
          then substring(left(value, bound - 1) from '^(.*\S)\s')
        else left(value, bound - 1)
      end,
      E' \t\n\r\f,;:.–—-'
    ) || '…'
  end
$$;

do $$
declare
  shortened record;
begin
  for shortened in
    update public.posts
       set title = pg_temp.within(title, 200), category = pg_temp.within(category, 60)
     where char_length(title) > 200 or char_length(category) > 60
    returning id, slug
  loop
    raise notice 'Shortened the title or category of post % (%): the full text is in its revisions.',
      shortened.slug, shortened.id;
  end loop;
end;
$$;

drop function pg_temp.within(text, integer);

alter table public.posts
  add constraint posts_title_length_check check (char_length(title) <= 200),
  add constraint posts_category_length_check check (category is null or char_length(category) <= 60);

-- post_revisions gets no such checks: a revision copies a row the posts' checks accepted, or an
-- autosave bounded below, and the revisions written before this migration are where the full text
-- of a shortened post is kept. An autosave holds no more than a save could: the title's bound was
-- 500 and the category had none. Otherwise the function is 20261128100000_post_search_social.sql's.
create or replace function private.autosave_post(
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
  -- The posts' own bounds (200 for a title, 60 for a category, 2048 for an address, 200 and 400 for
  -- the search and social texts): an autosave holds no more than a save could.
  if char_length(coalesce(new_excerpt, '')) > 300 or char_length(coalesce(new_image_alt, '')) > 300
     or char_length(new_title) > 200 or char_length(coalesce(new_category, '')) > 60
     or char_length(new_content) > 200000
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
