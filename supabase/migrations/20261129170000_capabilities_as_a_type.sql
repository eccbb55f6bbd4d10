-- 20261129150000_roles_as_data.sql as it landed already makes all of this; a project whose history
-- ran an earlier text of it (the capability as checked text) gets it here. So every statement holds
-- on either: the type and the functions are made only when missing or replaced as they are, and the
-- column is cast to the type it may already have.
--
-- The capabilities become a type of their own, public.team_capability, so the generated types give
-- the admin the list of them (src/lib/database.types.ts) as they give the roles: the TypeScript
-- copy of the role table goes, and the screens ask the database what the signed-in member may do.
--
-- - private.role_capabilities.capability is the enum (its check constraint listed the same names);
-- - private.can(text) casts its argument, so a misspelt capability is an error, never a silent no;
-- - private.role_can(role, capability) answers for a role that is not the caller's (the heir of a
--   member who leaves must be a role that writes posts);
-- - public.my_capabilities() returns the enum's array;
-- - public.team_role_capabilities(): the whole table, for members, so a screen a role may not open can
--   say which roles may (RequireCapability);
-- - the last places that named roles where they meant a right ask the table: handing over ownership,
--   and the heir check; the team's list is ordered by the role type's own order.

do $$
begin
  if to_regtype('public.team_capability') is null then
    create type public.team_capability as enum (
      'reads_posts', 'reads_all_posts', 'writes_posts', 'publishes_posts', 'edits_all_posts', 'works_leads',
      'reads_site_traffic', 'reads_own_traffic', 'manages_team', 'hands_over_ownership', 'reads_personal_data'
    );
  end if;
end;
$$;
comment on type public.team_capability is
  'A right a role of the team may have: private.role_capabilities lists which role has which.';

alter table private.role_capabilities drop constraint if exists role_capabilities_capability_check;
alter table private.role_capabilities
  alter column capability type public.team_capability using capability::public.team_capability;

create or replace function private.can(wanted text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.role_capabilities c
     where c.role = (select private.member_role()) and c.capability = wanted::public.team_capability
  )
$$;

-- Whether `who` (a role, not the caller's) has `wanted`.
create or replace function private.role_can(who public.team_role, wanted public.team_capability)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.role_capabilities c where c.role = who and c.capability = wanted)
$$;

revoke all on function private.role_can(public.team_role, public.team_capability) from public, anon;
grant execute on function private.role_can(public.team_role, public.team_capability) to authenticated;

drop function if exists public.my_capabilities();
drop function if exists private.my_capabilities();

create function private.my_capabilities()
returns public.team_capability[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(c.capability order by c.capability), '{}')
    from private.role_capabilities c
   where c.role = (select private.member_role())
$$;

revoke all on function private.my_capabilities() from public, anon;
grant execute on function private.my_capabilities() to authenticated;

create function public.my_capabilities()
returns public.team_capability[]
language sql
stable
security invoker
set search_path = ''
as $$ select private.my_capabilities() $$;

revoke all on function public.my_capabilities() from public, anon;
grant execute on function public.my_capabilities() to authenticated;

-- The whole table, in the order of the role and capability types; nothing for anyone who is no member.
create or replace function private.team_role_capabilities()
returns table (role public.team_role, capability public.team_capability)
language sql
stable
security definer
set search_path = ''
as $$
  select c.role, c.capability
    from private.role_capabilities c
   where (select private.member_role()) is not null
   order by c.role, c.capability
$$;

revoke all on function private.team_role_capabilities() from public, anon;
grant execute on function private.team_role_capabilities() to authenticated;

create or replace function public.team_role_capabilities()
returns table (role public.team_role, capability public.team_capability)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.team_role_capabilities() $$;

revoke all on function public.team_role_capabilities() from public, anon;
grant execute on function public.team_role_capabilities() to authenticated;

-- The team, most rights first: the role type is declared in that order.
create or replace function private.team_members()
returns table (
  user_id uuid, full_name text, email text, role public.team_role, joined_at timestamptz, last_sign_in_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select a.user_id, p.full_name,
         case when (select private.is_admin()) then u.email::text end,
         a.role, a.created_at,
         case when (select private.is_admin()) then u.last_sign_in_at end
    from public.admins a
    join auth.users u on u.id = a.user_id
    left join public.profiles p on p.id = a.user_id
   where (select private.member_role()) is not null
     and (select private.aal_satisfied())
   order by a.role, p.full_name nulls last, u.email
$$;

create or replace function private.hand_over_ownership(member uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  their_role public.team_role;
begin
  if not (select private.can('hands_over_ownership')) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner can hand over ownership.' using errcode = '42501';
  end if;
  select a.role into their_role from public.admins a where a.user_id = member for update;
  if their_role is null or member = me then
    raise exception 'Ownership goes to another member of the team.' using errcode = 'P0002';
  end if;
  update public.admins set role = 'administrator' where user_id = me;
  update public.admins set role = 'owner' where user_id = member;
  insert into public.team_events (kind, member_id, from_role, to_role) values ('ownership', member, their_role, 'owner');
  return true;
end;
$$;

create or replace function private.remove_team_member(member uuid, heir uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  their_role public.team_role;
  heir_role public.team_role;
  moved integer := 0;
  owned integer;
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators can remove members.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'Nobody removes themselves: ask the Owner or another Administrator.' using errcode = '42501';
  end if;
  select a.role into their_role from public.admins a where a.user_id = member for update;
  if their_role is null then
    raise exception 'That person is not on the team.' using errcode = 'P0002';
  end if;
  if their_role = 'owner' then
    raise exception 'The Owner cannot be removed: they hand over ownership first.' using errcode = '42501';
  end if;
  select count(*) into owned from public.posts where author_id = member;
  if owned > 0 then
    select a.role into heir_role from public.admins a where a.user_id = heir;
    if heir is null or heir = member or heir_role is null or not private.role_can(heir_role, 'writes_posts') then
      raise exception 'Choose a member who writes posts to receive their % post(s).', owned using errcode = '22023';
    end if;
    update public.posts set author_id = heir where author_id = member;
    get diagnostics moved = row_count;
  end if;
  delete from public.admins where user_id = member;
  update public.team_invites set revoked_at = now() where user_id = member and accepted_at is null and revoked_at is null;
  insert into public.team_events (kind, member_id, from_role, heir_id, posts_handed)
  values ('removed', member, their_role, case when moved > 0 then heir end, moved);
  return moved;
end;
$$;
