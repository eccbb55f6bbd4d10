-- Roles and the second factor held by the database (issue 43): four ways round the rules, closed
-- here rather than in the admin's screens, and one regression.
--
-- 1. A profile renamed at aal1. private.handle_user_updated (security definer) copied the Auth
--    user's metadata name into public.profiles, so `auth.updateUser({ data: { full_name } })` at
--    aal1 renamed a member whose factor the aal2 policy asks for. The copy now names only a profile
--    that has no name yet, or a user who is not on the team (an invited person naming themselves on
--    the join page, before they join); a member renames their profile on the Profile page, under
--    the profile's own policies.
-- 2. Another member's avatar folder. Uploads to blog-images had no path rule, so an Author could
--    write avatars/<another member's id>/... and change the face beside someone else's posts. Under
--    avatars/, a member now inserts, replaces and deletes only in avatars/<their own id>/.
-- 3. A Contributor who became the Owner. The trigger first_member_owns made whoever was inserted
--    into a team without an Owner the Owner: once the Owner's Auth user was deleted, the next
--    invitation accepted stored 'owner' while the join page said the role invited. The trigger is
--    gone: an accepted invitation stores exactly the role invited, and a team gets an Owner only by
--    an explicit act, in SQL (the SQL editor, or a database connection as service_role):
--      - the first member of a new project: insert into public.admins (user_id, role) values ('<id>', 'owner');
--      - an Owner restored after theirs was deleted: select private.make_owner('<id>');
--    A team without an Owner keeps working: Administrators still invite, change roles and remove
--    members; only the hand-over of ownership waits for an Owner.
-- 4. The second factor was the browser's rule. ADMIN_REQUIRE_MFA was an environment variable of the
--    admin's screens, and the database asked for aal2 only of members who had enrolled a factor: a
--    Sales member who never enrolled read every lead at aal1 through the REST API. The requirement
--    is now a row the database reads (public.security_settings, changed by the Owner at aal2 on the
--    Security page), and private.aal_satisfied(), which every second-factor policy and RPC asks,
--    answers false below aal2 for the roles that read personal data (Owner, Administrators, Sales)
--    while it is on, enrolled or not.
-- 5. The regression: a post could not be written with the service-role key since the tags
--    migration. A generated column, a check constraint or a security invoker trigger runs its
--    functions with the writer's rights, and those were granted to anon and authenticated only.
--    Every such function is now executable by every role that may write its table
--    (supabase/tests/roles-and-factor.test.ts checks the catalog for the next one).

-- ---------------------------------------------------------------------------------------------
-- 1. The metadata copy names a profile only while it has no name, or while its user is not a member.
-- ---------------------------------------------------------------------------------------------
create or replace function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (old.raw_user_meta_data ->> 'full_name') is distinct from (new.raw_user_meta_data ->> 'full_name') then
    update public.profiles p
       set full_name = new.raw_user_meta_data ->> 'full_name'
     where p.id = new.id
       and (nullif(btrim(p.full_name), '') is null
            or not exists (select 1 from public.admins a where a.user_id = new.id));
  end if;
  return new;
end;
$$;

revoke all on function private.handle_user_updated() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. Avatars: a member writes only in avatars/<their own id>/. Restrictive, so ANDed with the
-- blog-images policies (which decide who uploads at all); files outside avatars/ are unchanged.
-- storage.foldername('avatars/<id>/photo.webp') is {avatars,<id>}.
-- ---------------------------------------------------------------------------------------------
create policy "Members upload avatars only in their own folder"
  on storage.objects as restrictive for insert
  to authenticated
  with check (
    bucket_id <> 'blog-images'
    or (storage.foldername(name))[1] is distinct from 'avatars'
    or (storage.foldername(name))[2] = (select auth.uid())::text
  );

create policy "Members replace avatars only in their own folder"
  on storage.objects as restrictive for update
  to authenticated
  using (
    bucket_id <> 'blog-images'
    or (storage.foldername(name))[1] is distinct from 'avatars'
    or (storage.foldername(name))[2] = (select auth.uid())::text
  )
  with check (
    bucket_id <> 'blog-images'
    or (storage.foldername(name))[1] is distinct from 'avatars'
    or (storage.foldername(name))[2] = (select auth.uid())::text
  );

create policy "Members delete avatars only in their own folder"
  on storage.objects as restrictive for delete
  to authenticated
  using (
    bucket_id <> 'blog-images'
    or (storage.foldername(name))[1] is distinct from 'avatars'
    or (storage.foldername(name))[2] = (select auth.uid())::text
  );

-- ---------------------------------------------------------------------------------------------
-- 3. No Owner as a side effect of a join.
-- ---------------------------------------------------------------------------------------------
drop trigger admins_first_member_owns on public.admins;
drop function private.first_member_owns();

-- The explicit act that gives a team without an Owner its Owner: a member (or, on a new project, a
-- signed-up Auth user) becomes the Owner. Refused while the team has one: the Owner hands ownership
-- over on the Team page. Not callable by any member (`private` is not in the API, and only
-- service_role and the owner of the function may execute it): run in the SQL editor (as postgres).
create function private.make_owner(member uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_role public.team_role;
begin
  if exists (select 1 from public.admins where role = 'owner') then
    raise exception 'The team has an Owner: ownership changes hands on the Team page.' using errcode = '23505';
  end if;
  if not exists (select 1 from auth.users u where u.id = member) then
    raise exception 'No user has the id %.', member using errcode = 'P0002';
  end if;
  select a.role into was_role from public.admins a where a.user_id = member for update;
  insert into public.admins (user_id, role) values (member, 'owner')
    on conflict (user_id) do update set role = 'owner';
  insert into public.team_events (kind, member_id, from_role, to_role) values ('ownership', member, was_role, 'owner');
  return true;
end;
$$;

revoke all on function private.make_owner(uuid) from public, anon, authenticated;
grant execute on function private.make_owner(uuid) to service_role;

comment on function private.make_owner(uuid) is
  'Gives a team without an Owner its Owner (SQL editor or service role only). See supabase/README.md.';

-- ---------------------------------------------------------------------------------------------
-- 4. The agency's requirement of a second factor: one row, read by every member (the admin's
--    route guard sends a member who needs a factor to enrol), changed by the Owner alone at aal2
--    (so only an Owner with a factor can turn it on, and nobody is locked out by it).
-- ---------------------------------------------------------------------------------------------
create table public.security_settings (
  id boolean primary key default true constraint security_settings_one_row check (id),
  require_second_factor boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.security_settings is
  'The agency''s security settings: one row. require_second_factor: Owner, Administrators and Sales read and write no personal data below aal2.';

create index security_settings_updated_by_idx on public.security_settings (updated_by);

insert into public.security_settings (id) values (true);

create function private.stamp_security_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.id := true;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;

revoke all on function private.stamp_security_settings() from public, anon, authenticated;

create trigger security_settings_stamp
  before update on public.security_settings
  for each row execute function private.stamp_security_settings();

alter table public.security_settings enable row level security;
revoke all on table public.security_settings from anon, authenticated;
grant select on table public.security_settings to authenticated;
grant update (require_second_factor) on table public.security_settings to authenticated;

create policy "Members read the security settings"
  on public.security_settings for select
  to authenticated
  using ((select private.member_role()) is not null);

create policy "The Owner changes the security settings with their second factor"
  on public.security_settings for update
  to authenticated
  using ((select private.member_role()) = 'owner' and coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2')
  with check ((select private.member_role()) = 'owner' and coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2');

-- The roles that read personal data (leads, calls, the team's addresses): src/features/admin/roles.ts
-- (readsPersonalData) mirrors it.
create function private.reads_personal_data()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'sales'), false)
$$;

revoke all on function private.reads_personal_data() from public, anon;
grant execute on function private.reads_personal_data() to authenticated;

-- The one definition every second-factor policy and RPC asks (migration 20261125120000 and those
-- after it): the caller's token is aal2; or the caller has no verified factor and the agency does
-- not require one of their role. While required, Owner, Administrators and Sales need aal2 for
-- everything this guards, enrolled or not, as the admin's route guard sends them to enrol before
-- any screen; Editors, Authors and Contributors read no personal data and keep the rule as it was.
create or replace function private.aal_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
      or (
        not exists (
          select 1 from auth.mfa_factors f
           where f.user_id = (select auth.uid())
             and f.status = 'verified'
        )
        and not (
          coalesce((select s.require_second_factor from public.security_settings s), false)
          and (select private.reads_personal_data())
        )
      )
$$;

revoke all on function private.aal_satisfied() from public, anon;
grant execute on function private.aal_satisfied() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 5. The functions the writes of a table run with the writer's rights: the posts' generated
-- columns (tag_slugs, search_vector) and tags check, the security invoker trigger that tidies the
-- tags, and the call settings' time-zone check (a security invoker trigger), for the service role
-- as for the members.
-- ---------------------------------------------------------------------------------------------
grant execute on function private.tag_slug(text), private.tag_slugs(text[]), private.tags_text(text[]),
  private.tags_valid(text[]), private.is_time_zone(text)
  to service_role;
