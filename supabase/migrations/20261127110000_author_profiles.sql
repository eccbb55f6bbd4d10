-- Authors in public: a post shows its author's name, photo and short bio, and /blog/author/<slug>
-- lists their posts. public.profiles, until now a name kept in step with auth.users, gains what
-- that page shows: a URL slug, a bio and a photo. Each member edits their own.
--
-- What readers see of a profile is decided here, not in the pages:
-- - anon, and signed-in people who are not on the team, read the public face (name, slug, bio,
--   photo) of the profiles that have at least one post out (published, its time come). Until now
--   every profile was readable by everyone; nobody outside the team needs the others, and a
--   member who has only drafts (a Contributor, a new hire) stays out of the blog, its author pages
--   and its sitemap until something of theirs is out. Nothing the blog reads breaks: a post a
--   reader can see always has an author they can see.
-- - members read every profile (the admin's post lists name the author of every draft).
-- - every column of a profile is its public face or a date, so reads are granted on the table
--   (PostgREST's writes return the row, which needs them); writes only on the four a member edits.

-- ---------------------------------------------------------------------------------------------
-- Columns
-- ---------------------------------------------------------------------------------------------
alter table public.profiles
  add column slug text,
  add column bio text,
  add column avatar_url text,
  add column updated_at timestamptz not null default now();

-- A slug is a URL segment: lower-case letters and digits in hyphen-separated runs ('ada-obi').
alter table public.profiles
  add constraint profiles_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  add constraint profiles_bio_length check (char_length(bio) <= 280),
  add constraint profiles_avatar_url_http check (avatar_url ~* '^https?://[^\s]+$' and char_length(avatar_url) <= 2048);

-- Names came from sign-up metadata with no limit; new ones are held to one, old ones are not checked.
alter table public.profiles
  add constraint profiles_full_name_length check (char_length(full_name) <= 120) not valid;

create unique index profiles_slug_key on public.profiles (slug);

comment on column public.profiles.slug is
  'The author page''s URL segment, /blog/author/<slug>. Made from the name when the name is first set (or when the slug is cleared); unique.';
comment on column public.profiles.bio is 'A short bio under the author''s posts and on their page: at most 280 characters.';
comment on column public.profiles.avatar_url is 'The author''s photo: an http(s) URL (an upload to blog-images/avatars/<user id>/ or elsewhere).';

-- ---------------------------------------------------------------------------------------------
-- The slug made from the name: accents dropped ('Fúnmiláyọ̀ Ṣàngó' -> 'funmilayo-sango'), every
-- other run of characters a hyphen, at most 50 characters, then '-2', '-3', ... while another
-- profile has it. Security definer: the check must see every profile, not only the ones the
-- caller may read.
-- ---------------------------------------------------------------------------------------------
create function private.profile_slug_from_name(name text, profile uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  base text;
  candidate text;
  suffix integer := 1;
begin
  base := lower(normalize(coalesce(name, ''), nfd));
  base := regexp_replace(base, '[' || U&'\0300' || '-' || U&'\036F' || ']', '', 'g');
  base := btrim(regexp_replace(base, '[^a-z0-9]+', '-', 'g'), '-');
  base := btrim(left(base, 50), '-');
  if base = '' then
    base := 'author';
  end if;
  candidate := base;
  while exists (select 1 from public.profiles p where p.slug = candidate and p.id <> profile) loop
    suffix := suffix + 1;
    candidate := base || '-' || suffix;
  end loop;
  return candidate;
end;
$$;

create function private.profile_defaults()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slug is null and nullif(btrim(new.full_name), '') is not null then
    new.slug := private.profile_slug_from_name(new.full_name, new.id);
  end if;
  -- An empty bio or photo is no bio or photo.
  new.bio := nullif(btrim(new.bio), '');
  new.avatar_url := nullif(btrim(new.avatar_url), '');
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.profile_slug_from_name(text, uuid), private.profile_defaults() from public, anon, authenticated;

create trigger profiles_defaults
  before insert or update on public.profiles
  for each row execute function private.profile_defaults();

-- The profiles there are get their slugs, the oldest first (who keeps the bare name on a tie).
do $$
declare
  profile record;
begin
  for profile in select id from public.profiles where slug is null order by created_at, id loop
    update public.profiles set slug = null where id = profile.id;
  end loop;
end;
$$;

-- The name follows the sign-in account's metadata when that name changes, not on every change of
-- the metadata: a name the member set on their profile is no longer overwritten by an unrelated
-- metadata update (the trigger on auth.users fires on any change of raw_user_meta_data).
create or replace function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (old.raw_user_meta_data ->> 'full_name') is distinct from (new.raw_user_meta_data ->> 'full_name') then
    update public.profiles
       set full_name = new.raw_user_meta_data ->> 'full_name'
     where id = new.id;
  end if;
  return new;
end;
$$;

revoke all on function private.handle_user_updated() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Who reads what
-- ---------------------------------------------------------------------------------------------

-- Whether this profile has a post out. Security definer so that the answer is the same for every
-- caller (a member's own RLS on posts would let drafts count) and the policy costs one index probe.
create function private.has_published_post(profile uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.posts p
     where p.author_id = profile and p.status = 'published' and p.published_at <= now()
  )
$$;

revoke all on function private.has_published_post(uuid) from public;
grant execute on function private.has_published_post(uuid) to anon, authenticated;

create index posts_author_published_idx on public.posts (author_id, published_at desc, id desc) where status = 'published';

drop policy "Profiles are readable by everyone" on public.profiles;

-- One policy per role and command (the advisor's multiple_permissive_policies): anon reads the
-- authors with a post out; a signed-in person those, and their own profile, and a member every one.
create policy "Visitors read the profiles of authors with a post out"
  on public.profiles for select
  to anon
  using (private.has_published_post(id));

create policy "Signed-in people read authors with a post out and their own profile, members every profile"
  on public.profiles for select
  to authenticated
  using (
    id = (select auth.uid())
    or (select private.member_role()) is not null
    or private.has_published_post(id)
  );

-- A member edits their own profile, and only its public face.
create policy "Members edit their own profile"
  on public.profiles for update
  to authenticated
  using (id = (select auth.uid()) and (select private.member_role()) is not null)
  with check (id = (select auth.uid()) and (select private.member_role()) is not null);

-- The second factor, once enrolled, is required to change what the blog shows under one's name.
create policy "A second factor, once enrolled, is required to edit a profile"
  on public.profiles as restrictive for update
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to anon, authenticated;
grant update (full_name, slug, bio, avatar_url) on table public.profiles to authenticated;
