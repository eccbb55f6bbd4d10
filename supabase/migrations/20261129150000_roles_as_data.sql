-- Roles as data: what each role of the team may do is one table, private.role_capabilities, and one
-- function, private.can(capability), answers every question about it. The capability helpers the
-- policies and functions ask (20261127100000_team_roles.sql, 20261129110000_database_holds_roles_and_factor.sql)
-- each kept a list of roles of their own; they now ask private.can, so a role's rights change in one
-- row. public.my_capabilities() tells the admin what the signed-in member may do.
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

create table private.role_capabilities (
  role public.team_role not null,
  capability text not null check (capability in (
    'reads_posts', 'reads_all_posts', 'writes_posts', 'publishes_posts', 'edits_all_posts', 'works_leads',
    'reads_site_traffic', 'reads_own_traffic', 'manages_team', 'hands_over_ownership', 'reads_personal_data'
  )),
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

-- Whether the signed-in member's role has `wanted`; false for anyone who is no member.
create function private.can(wanted text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.role_capabilities c
     where c.role = (select private.member_role()) and c.capability = wanted
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
returns text[]
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
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$ select private.my_capabilities() $$;

revoke all on function public.my_capabilities() from public, anon;
grant execute on function public.my_capabilities() to authenticated;
