-- Blog schema: profiles, admins, posts; privileges and row-level security.
-- Applies unchanged to a hosted Supabase project (`supabase db push`) and to the local stand-in
-- (supabase/local), which provides the same auth schema, roles and auth.uid().

-- A schema the Data API does not expose (only `public` is in the API's exposed schemas).
create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------------------------------------
-- profiles: the public face of a user, kept in step with auth.users by triggers.
-- ---------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  created_at timestamptz not null default now()
);

create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, new.raw_user_meta_data ->> 'full_name');
  return new;
end;
$$;

create function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set full_name = new.raw_user_meta_data ->> 'full_name'
   where id = new.id;
  return new;
end;
$$;

revoke all on function private.handle_new_user() from public;
revoke all on function private.handle_user_updated() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_updated
  after update of raw_user_meta_data on auth.users
  for each row
  when (old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function private.handle_user_updated();

-- ---------------------------------------------------------------------------------------------
-- admins: who may publish. Nothing here is readable through the API.
-- ---------------------------------------------------------------------------------------------
create table public.admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.admins where user_id = (select auth.uid())
  );
$$;

revoke all on function private.is_admin() from public;
revoke all on function private.is_admin() from anon;
grant usage on schema private to authenticated;
grant execute on function private.is_admin() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- posts
-- ---------------------------------------------------------------------------------------------
create table public.posts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) > 0),
  content text not null check (length(btrim(content)) > 0),
  category text,
  image_url text check (image_url is null or image_url ~* '^https?://'),
  author_id uuid not null default auth.uid()
    constraint posts_author_id_fkey references public.profiles (id),
  slug text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index posts_created_at_idx on public.posts (created_at desc);
create index posts_author_id_idx on public.posts (author_id);

create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.set_updated_at() from public;

create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Privileges: revoke everything, grant back only what the product needs.
-- ---------------------------------------------------------------------------------------------
revoke all on table public.profiles, public.admins, public.posts from anon, authenticated;

grant select on table public.posts, public.profiles to anon, authenticated;
grant insert, update, delete on table public.posts to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------------------------
alter table public.profiles enable row level security;
alter table public.admins enable row level security;
alter table public.posts enable row level security;

create policy "Profiles are readable by everyone"
  on public.profiles for select
  to anon, authenticated
  using (true);

create policy "Posts are readable by everyone"
  on public.posts for select
  to anon, authenticated
  using (true);

create policy "Admins insert their own posts"
  on public.posts for insert
  to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

create policy "Admins update their own posts"
  on public.posts for update
  to authenticated
  using ((select private.is_admin()) and author_id = (select auth.uid()))
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

create policy "Admins delete their own posts"
  on public.posts for delete
  to authenticated
  using ((select private.is_admin()) and author_id = (select auth.uid()));

-- admins: RLS on and no policies for anon or authenticated, so nothing is readable or writable
-- through the API. is_admin() reads it as its owner (security definer).
