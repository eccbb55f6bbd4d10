-- Roles as data: what each role of the team may do is one table, private.role_capabilities, and one
-- function, private.can(capability), answers every question about it. The capability helpers the
-- policies and functions ask (20261127100000_team_roles.sql, 20261129110000_database_holds_roles_and_factor.sql)
-- each kept a list of roles of their own; they now ask private.can, so a role's rights change in one
-- row. public.my_capabilities() tells the admin what the signed-in member may do, and
-- public.team_role_capabilities() gives members the whole table (a screen a role may not open says
-- which roles may). The capabilities are a type of their own, public.team_capability, so the generated
-- types give the admin their list as they give the roles'; the admin keeps no copy of the table. The
-- last places that named roles where they meant a right ask the table too: handing over ownership and
-- the heir of a member who leaves; the team's list follows the role type's order.
--
-- The capabilities:
--   reads_posts           the admin's list of posts and the previews (every member)
--   reads_all_posts       every post, drafts included (Sales reads what the blog is preparing)
--   writes_posts          posts and images of their own
--   publishes_posts       publishes and schedules their own posts (a Contributor's stay drafts)
--   edits_all_posts       every post and every image, whoever wrote it
--   works_leads           leads, their history, notes, messages and conversions; calls; campaigns
--   reads_site_traffic    the whole site's traffic
--   reads_own_traffic     the traffic of the member's own posts (an Author's)
--   manages_team          the team, invitations, every setting (private.is_admin)
--   hands_over_ownership  makes another member the Owner
--   reads_personal_data   leads, calls and the team's addresses: the agency's second-factor rule applies

create type public.team_capability as enum (
  'reads_posts', 'reads_all_posts', 'writes_posts', 'publishes_posts', 'edits_all_posts', 'works_leads',
  'reads_site_traffic', 'reads_own_traffic', 'manages_team', 'hands_over_ownership', 'reads_personal_data'
);
comment on type public.team_capability is
  'A right a role of the team may have: private.role_capabilities lists which role has which.';

create table private.role_capabilities (
  role public.team_role not null,
  capability public.team_capability not null,
  primary key (role, capability)
);
comment on table private.role_capabilities is
  'What each role may do, one row per right: private.can reads it for every policy and function.';
alter table private.role_capabilities enable row level security;
-- No policy: read through private.can and public.my_capabilities only.

insert into private.role_capabilities (role, capability) values
  ('owner', 'reads_posts'), ('owner', 'reads_all_posts'), ('owner', 'writes_posts'), ('owner', 'publishes_posts'),
  ('owner', 'edits_all_posts'), ('owner', 'works_leads'), ('owner', 'reads_site_traffic'), ('owner', 'manages_team'),
  ('owner', 'hands_over_ownership'), ('owner', 'reads_personal_data'),
  ('administrator', 'reads_posts'), ('administrator', 'reads_all_posts'), ('administrator', 'writes_posts'),
  ('administrator', 'publishes_posts'), ('administrator', 'edits_all_posts'), ('administrator', 'works_leads'),
  ('administrator', 'reads_site_traffic'), ('administrator', 'manages_team'), ('administrator', 'reads_personal_data'),
  ('editor', 'reads_posts'), ('editor', 'reads_all_posts'), ('editor', 'writes_posts'), ('editor', 'publishes_posts'),
  ('editor', 'edits_all_posts'), ('editor', 'reads_site_traffic'),
  ('author', 'reads_posts'), ('author', 'writes_posts'), ('author', 'publishes_posts'), ('author', 'reads_own_traffic'),
  ('contributor', 'reads_posts'), ('contributor', 'writes_posts'),
  ('sales', 'reads_posts'), ('sales', 'reads_all_posts'), ('sales', 'works_leads'), ('sales', 'reads_site_traffic'),
  ('sales', 'reads_personal_data');

-- Whether the signed-in member's role has `wanted`; false for anyone who is no member. `wanted` is
-- cast to the type, so a misspelt capability is an error, never a silent no.
create function private.can(wanted text)
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

revoke all on function private.can(text) from public, anon;
grant execute on function private.can(text) to authenticated;

-- The helpers keep their names (every policy that asks them stays as it is) and ask the table.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('manages_team')
$$;

create or replace function private.works_leads()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('works_leads')
$$;

create or replace function private.edits_all_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('edits_all_posts')
$$;

create or replace function private.reads_all_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('reads_all_posts')
$$;

create or replace function private.writes_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('writes_posts')
$$;

create or replace function private.reads_traffic()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('reads_site_traffic')
$$;

create or replace function private.reads_personal_data()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('reads_personal_data')
$$;

-- Every post for whoever edits them all; their own for whoever publishes; their own drafts, kept
-- drafts, for whoever only writes (a Contributor).
create or replace function private.may_change_post(author uuid, post_status text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
           when private.can('edits_all_posts') then true
           when private.can('publishes_posts') then author = (select auth.uid())
           when private.can('writes_posts') then author = (select auth.uid()) and post_status = 'draft'
           else false
         end
$$;

-- What the signed-in member may do, for the admin's screens: the capabilities of their role, in the
-- order of their names; none for anyone who is no member. The definer reads the table in private;
-- the API's function is a plain wrapper, as the team's are (no security definer in public).
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

-- Whether `who` (a role, not the caller's) has `wanted`.
create function private.role_can(who public.team_role, wanted public.team_capability)
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

-- The whole table, in the order of the role and capability types; nothing for anyone who is no member.
create function private.team_role_capabilities()
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

create function public.team_role_capabilities()
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
