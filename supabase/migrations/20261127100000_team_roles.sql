-- The team: every member has one role, and RLS reads it. public.admins, which held the blog's
-- admins, becomes the table of members and gains the role; its existing rows become the Owner (the
-- earliest) and Administrators, so nothing that worked before stops working.
--
-- | role          | posts                        | images | leads, calls, campaigns | traffic          | team     |
-- | owner (one)   | all                          | all    | all                     | yes              | all      |
-- | administrator | all                          | all    | all                     | yes              | not the owner |
-- | editor        | all, publish and schedule    | all    | no                      | yes              | no       |
-- | author        | own, publish own             | own    | no                      | own posts' views | no       |
-- | contributor   | own drafts, no publishing    | own    | no                      | no               | no       |
-- | sales         | read                         | no     | all                     | yes              | no       |
--
-- Every policy asks a capability helper in `private` (security definer, as is_admin() was), called
-- as `(select private.x())` so it runs once per statement. The second-factor rule (restrictive
-- policies over private.aal_satisfied()) is unchanged and applies to every member.
-- Members join by invitation only (public.team_invites, accepted by the invited user's own session);
-- the server function api/team sends the invitation through Supabase Auth's admin invite.

-- ---------------------------------------------------------------------------------------------
-- Roles on the members' table
-- ---------------------------------------------------------------------------------------------
create type public.team_role as enum ('owner', 'administrator', 'editor', 'author', 'contributor', 'sales');

alter table public.admins
  add column role public.team_role not null default 'administrator',
  add column updated_at timestamptz not null default now();

comment on table public.admins is
  'The team: one row per member and their role. RLS reads it through the helpers in schema private.';

-- At most one owner.
create unique index admins_one_owner_idx on public.admins (role) where role = 'owner';

update public.admins
   set role = 'owner'
 where user_id = (select a.user_id from public.admins a order by a.created_at, a.user_id limit 1);

-- A team without an owner (a new project, whose first member is added by SQL as the README says)
-- gets one: the first member inserted. Later members keep the role they are given.
create function private.first_member_owns()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.admins where role = 'owner') then
    new.role := 'owner';
  end if;
  return new;
end;
$$;

revoke all on function private.first_member_owns() from public, anon, authenticated;

create trigger admins_first_member_owns
  before insert on public.admins
  for each row execute function private.first_member_owns();

create trigger admins_set_updated_at
  before update on public.admins
  for each row execute function private.set_updated_at();

-- A member reads their own row, role included (the admin area's navigation follows it).
grant select (user_id, role) on table public.admins to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Capability helpers. Security definer because public.admins is not readable through the API.
-- ---------------------------------------------------------------------------------------------
create function private.member_role()
returns public.team_role
language sql
stable
security definer
set search_path = ''
as $$
  select a.role from public.admins a where a.user_id = (select auth.uid())
$$;

-- Owner or Administrator: the team, and every setting.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator'), false)
$$;

-- Leads, their history, notes, messages and conversions; calls; campaigns.
create function private.works_leads()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'sales'), false)
$$;

-- Every post and every image, whoever wrote it.
create function private.edits_all_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'editor'), false)
$$;

-- Every post, drafts included (Sales reads what the blog is preparing).
create function private.reads_all_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'editor', 'sales'), false)
$$;

-- Writes posts of their own (and images of their own).
create function private.writes_posts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'editor', 'author', 'contributor'), false)
$$;

-- The whole site's traffic.
create function private.reads_traffic()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.member_role()) in ('owner', 'administrator', 'editor', 'sales'), false)
$$;

-- The paths of the caller's own posts, for an Author's traffic.
create function private.own_post_paths()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg('/blog/' || p.slug), '{}')
    from public.posts p
   where p.author_id = (select auth.uid())
$$;

-- A change to a post the caller may make: an editor's to any post; an author's to their own; a
-- contributor's to their own draft, kept a draft (no publishing, no schedule).
create function private.may_change_post(author uuid, post_status text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case (select private.member_role())
           when 'owner' then true
           when 'administrator' then true
           when 'editor' then true
           when 'author' then author = (select auth.uid())
           when 'contributor' then author = (select auth.uid()) and post_status = 'draft'
           else false
         end
$$;

revoke all on function private.member_role(), private.works_leads(), private.edits_all_posts(),
  private.reads_all_posts(), private.writes_posts(), private.reads_traffic(), private.own_post_paths(),
  private.may_change_post(uuid, text)
  from public, anon;
grant execute on function private.member_role(), private.works_leads(), private.edits_all_posts(),
  private.reads_all_posts(), private.writes_posts(), private.reads_traffic(), private.own_post_paths(),
  private.may_change_post(uuid, text)
  to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Posts
-- ---------------------------------------------------------------------------------------------
drop policy "Readers see published posts, admins every post" on public.posts;
drop policy "Admins insert their own posts" on public.posts;
drop policy "Admins update their own posts" on public.posts;
drop policy "Admins delete their own posts" on public.posts;

create policy "Readers see published posts, members the posts they work on"
  on public.posts for select
  to authenticated
  using (
    (status = 'published' and published_at <= now())
    or (select private.reads_all_posts())
    or (author_id = (select auth.uid()) and (select private.writes_posts()))
  );

create policy "Members write posts as themselves, contributors drafts only"
  on public.posts for insert
  to authenticated
  with check (author_id = (select auth.uid()) and private.may_change_post(author_id, status));

create policy "Editors change every post, authors their own, contributors their own drafts"
  on public.posts for update
  to authenticated
  using (private.may_change_post(author_id, status))
  with check (private.may_change_post(author_id, status));

create policy "Editors delete every post, authors their own, contributors their own drafts"
  on public.posts for delete
  to authenticated
  using (private.may_change_post(author_id, status));

-- ---------------------------------------------------------------------------------------------
-- Blog images: editors every image, authors and contributors the ones they uploaded.
-- storage.objects.owner_id is the uploader's id as text, set by Storage from the token.
-- ---------------------------------------------------------------------------------------------
drop policy "Admins read blog images" on storage.objects;
drop policy "Admins upload blog images" on storage.objects;
drop policy "Admins replace blog images" on storage.objects;
drop policy "Admins delete blog images" on storage.objects;

create policy "Members read the blog images they may use"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'blog-images'
    and ((select private.edits_all_posts())
         or ((select private.writes_posts()) and owner_id = (select auth.uid())::text))
  );

create policy "Members who write posts upload blog images"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'blog-images' and (select private.writes_posts()));

create policy "Members replace the blog images they may use"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'blog-images'
    and ((select private.edits_all_posts())
         or ((select private.writes_posts()) and owner_id = (select auth.uid())::text))
  )
  with check (bucket_id = 'blog-images' and (select private.writes_posts()));

create policy "Members delete the blog images they may use"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'blog-images'
    and ((select private.edits_all_posts())
         or ((select private.writes_posts()) and owner_id = (select auth.uid())::text))
  );

-- ---------------------------------------------------------------------------------------------
-- Leads and everything about them: Owner, Administrators and Sales.
-- ---------------------------------------------------------------------------------------------
drop policy "Admins read leads" on public.leads;
drop policy "Admins change a lead's status" on public.leads;
drop policy "Admins erase leads" on public.leads;
create policy "The lead team reads leads" on public.leads for select to authenticated
  using ((select private.works_leads()));
create policy "The lead team changes leads" on public.leads for update to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));
create policy "The lead team erases leads" on public.leads for delete to authenticated
  using ((select private.works_leads()));

drop policy "Admins read the history of leads" on public.lead_events;
drop policy "Admins add notes as themselves" on public.lead_events;
create policy "The lead team reads the history of leads" on public.lead_events for select to authenticated
  using ((select private.works_leads()));
create policy "The lead team adds notes as themselves" on public.lead_events for insert to authenticated
  with check ((select private.works_leads()) and kind = 'note' and author_id = (select auth.uid()));

drop policy "Admins read the record of erasures" on public.lead_erasures;
create policy "The lead team reads the record of erasures" on public.lead_erasures for select to authenticated
  using ((select private.works_leads()));

drop policy "Admins read conversion events" on public.conversion_events;
create policy "The lead team reads conversion events" on public.conversion_events for select to authenticated
  using ((select private.works_leads()));

drop policy "Admins read lead messages" on public.lead_messages;
create policy "The lead team reads lead messages" on public.lead_messages for select to authenticated
  using ((select private.works_leads()));

-- Calls and their settings: the people who take the calls.
drop policy "Admins read and mark calls" on public.call_bookings;
create policy "The lead team reads and marks calls" on public.call_bookings for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));

drop policy "Admins edit the days off" on public.call_days_off;
create policy "The lead team edits the days off" on public.call_days_off for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));

drop policy "Admins read call messages" on public.call_messages;
create policy "The lead team reads call messages" on public.call_messages for select to authenticated
  using ((select private.works_leads()));

drop policy "Admins read and change the call settings" on public.call_settings;
create policy "The lead team reads and changes the call settings" on public.call_settings for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));

drop policy "Admins edit the weekly hours" on public.call_weekly_hours;
create policy "The lead team edits the weekly hours" on public.call_weekly_hours for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));

-- The retry RPCs run as their owner, past RLS, so they ask the same helper themselves.
create or replace function private.retry_conversion_event(event_id bigint)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with updated as (
    update public.conversion_events e
       set status = 'waiting', skip_reason = null, attempts = 0, next_attempt_at = now(),
           claimed_until = null, claim_token = null, updated_at = now()
     where e.id = event_id
       and (select private.works_leads())
       and (select private.aal_satisfied())
       and (e.status = 'failed' or (e.status = 'skipped' and e.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

create or replace function private.retry_lead_message(message bigint)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with updated as (
    update public.lead_messages m
       set status = 'waiting', skip_reason = null, attempts = 0, next_attempt_at = now(),
           claimed_until = null, claim_token = null, updated_at = now()
     where m.id = message
       and (select private.works_leads())
       and (select private.aal_satisfied())
       and (m.status = 'failed' or (m.status = 'skipped' and m.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

-- ---------------------------------------------------------------------------------------------
-- Traffic: the whole site for Owner, Administrators, Editors and Sales; an Author the pages of
-- their own posts.
-- ---------------------------------------------------------------------------------------------
drop policy "Admins read page views" on public.page_views;
create policy "The team reads page views, authors their own posts'" on public.page_views for select to authenticated
  using (
    (select private.reads_traffic())
    or ((select private.member_role()) = 'author' and path in (select unnest(private.own_post_paths())))
  );

drop policy "Admins read daily traffic" on public.page_view_daily;
create policy "The team reads daily traffic, authors their own posts'" on public.page_view_daily for select to authenticated
  using (
    (select private.reads_traffic())
    or ((select private.member_role()) = 'author' and dimension = 'page' and value in (select unnest(private.own_post_paths())))
  );

-- ---------------------------------------------------------------------------------------------
-- Who did what on the team: invitations, joins, role changes, ownership and removals. Written by
-- the functions below (security definer), read by Owner and Administrators.
-- ---------------------------------------------------------------------------------------------
create table public.team_events (
  id bigint generated always as identity primary key,
  kind text not null constraint team_events_kind_check
    check (kind in ('invited', 'joined', 'role_changed', 'ownership', 'removed', 'invite_revoked')),
  -- The member the event is about (null for an invitation not yet accepted).
  member_id uuid references auth.users (id) on delete set null,
  email text,
  from_role public.team_role,
  to_role public.team_role,
  -- For a removal: who received the member's posts, and how many.
  heir_id uuid references auth.users (id) on delete set null,
  posts_handed integer,
  actor_id uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now()
);

create index team_events_created_at_idx on public.team_events (created_at desc);
create index team_events_member_id_idx on public.team_events (member_id);
create index team_events_heir_id_idx on public.team_events (heir_id);
create index team_events_actor_id_idx on public.team_events (actor_id);

alter table public.team_events enable row level security;
revoke all on table public.team_events from anon, authenticated;
grant select on table public.team_events to authenticated;
create policy "Owner and Administrators read the team's history" on public.team_events for select to authenticated
  using ((select private.is_admin()));
create policy "A second factor, once enrolled, is required for the team's history"
  on public.team_events as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- Invitations. The row is written by the inviting Owner or Administrator (through
-- invite_team_member), the Auth user it names is filled in by api/team after Supabase Auth's
-- admin invite answers, and the invited user accepts it with their own session
-- (accept_team_invite): within 7 days, once.
-- ---------------------------------------------------------------------------------------------
create table public.team_invites (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint team_invites_email_check
    check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  role public.team_role not null constraint team_invites_role_check check (role <> 'owner'),
  user_id uuid references auth.users (id) on delete cascade,
  invited_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  revoked_at timestamptz
);

-- One open invitation per address.
create unique index team_invites_open_email_idx on public.team_invites (email)
  where accepted_at is null and revoked_at is null;
create index team_invites_user_id_idx on public.team_invites (user_id);
create index team_invites_invited_by_idx on public.team_invites (invited_by);

alter table public.team_invites enable row level security;
revoke all on table public.team_invites from anon, authenticated;
grant select on table public.team_invites to authenticated;
create policy "Owner and Administrators read the invitations" on public.team_invites for select to authenticated
  using ((select private.is_admin()));
create policy "A second factor, once enrolled, is required for invitations"
  on public.team_invites as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- An Owner or Administrator invites an address with a role (never owner). An open invitation for
-- the same address is replaced. An address already on the team is refused.
create function private.invite_team_member(invite_email text, invite_role public.team_role)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(invite_email));
  created uuid;
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators can invite members.' using errcode = '42501';
  end if;
  if invite_role = 'owner' then
    raise exception 'Nobody is invited as the Owner: the Owner hands over ownership on the Team page.'
      using errcode = '22023';
  end if;
  if exists (
    select 1 from public.admins a join auth.users u on u.id = a.user_id where lower(u.email) = address
  ) then
    raise exception '% is already on the team.', address using errcode = '23505';
  end if;
  update public.team_invites set revoked_at = now()
   where email = address and accepted_at is null and revoked_at is null;
  insert into public.team_invites (email, role) values (address, invite_role) returning id into created;
  insert into public.team_events (kind, email, to_role) values ('invited', address, invite_role);
  return created;
end;
$$;

-- An Owner or Administrator withdraws an open invitation.
create function private.revoke_team_invite(invite uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators can withdraw invitations.' using errcode = '42501';
  end if;
  update public.team_invites set revoked_at = now()
   where id = invite and accepted_at is null and revoked_at is null
   returning email into address;
  if address is null then
    return false;
  end if;
  insert into public.team_events (kind, email) values ('invite_revoked', address);
  return true;
end;
$$;

-- The invited user, signed in by the invitation's link, joins with the invitation's role. Refused
-- when the invitation has expired, was withdrawn, or has already been used.
create function private.accept_team_invite()
returns public.team_role
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  invite public.team_invites%rowtype;
begin
  if me is null then
    raise exception 'Sign in with the invitation''s link first.' using errcode = '42501';
  end if;
  select * into invite from public.team_invites i
   where i.user_id = me
   order by i.created_at desc
   limit 1
   for update;
  if invite.id is null or invite.revoked_at is not null then
    raise exception 'This invitation is no longer valid. Ask for a new one.' using errcode = 'P0002';
  end if;
  if invite.accepted_at is not null then
    raise exception 'This invitation has already been used.' using errcode = 'P0002';
  end if;
  if invite.expires_at <= now() then
    raise exception 'This invitation expired on %. Ask for a new one.', to_char(invite.expires_at, 'DD Mon YYYY')
      using errcode = 'P0002';
  end if;
  update public.team_invites set accepted_at = now() where id = invite.id;
  insert into public.admins (user_id, role) values (me, invite.role)
    on conflict (user_id) do update set role = excluded.role;
  insert into public.team_events (kind, member_id, email, to_role, actor_id)
  values ('joined', me, invite.email, invite.role, me);
  return invite.role;
end;
$$;

-- The invitation waiting for the signed-in user, if any: what the join page shows.
create function private.my_team_invite()
returns table (role public.team_role, expires_at timestamptz, accepted_at timestamptz, revoked_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.role, i.expires_at, i.accepted_at, i.revoked_at
    from public.team_invites i
   where i.user_id = (select auth.uid())
   order by i.created_at desc
   limit 1
$$;

-- The team, for every member (names and roles: the lead and post screens show who did what and
-- let a lead be assigned); e-mail addresses and sign-in times for Owner and Administrators only.
create function private.team_members()
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
   order by case a.role when 'owner' then 0 when 'administrator' then 1 when 'editor' then 2
                         when 'author' then 3 when 'contributor' then 4 else 5 end,
            p.full_name nulls last, u.email
$$;

-- A role changes: by the Owner for anyone else; by an Administrator for anyone but the Owner. The
-- owner's role is changed only by handing over ownership.
create function private.change_team_role(member uuid, new_role public.team_role)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_role public.team_role;
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators can change roles.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'Nobody changes their own role: ask the Owner or another Administrator.' using errcode = '42501';
  end if;
  select a.role into was_role from public.admins a where a.user_id = member for update;
  if was_role is null then
    raise exception 'That person is not on the team.' using errcode = 'P0002';
  end if;
  if was_role = 'owner' or new_role = 'owner' then
    raise exception 'Ownership changes hands only by the Owner handing it over.' using errcode = '42501';
  end if;
  if was_role = new_role then
    return false;
  end if;
  update public.admins set role = new_role where user_id = member;
  insert into public.team_events (kind, member_id, from_role, to_role) values ('role_changed', member, was_role, new_role);
  return true;
end;
$$;

-- The Owner hands ownership to another member, and becomes an Administrator.
create function private.hand_over_ownership(member uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  their_role public.team_role;
begin
  if (select private.member_role()) is distinct from 'owner' or not (select private.aal_satisfied()) then
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

-- A member leaves the team: their posts go to the heir the remover chooses (a member who writes
-- posts), never deleted; their row goes, so every right it gave ends with the next request.
-- api/team then signs them out everywhere through Supabase Auth. Answers how many posts moved.
create function private.remove_team_member(member uuid, heir uuid)
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
    if heir is null or heir = member or heir_role is null
       or heir_role not in ('owner', 'administrator', 'editor', 'author', 'contributor') then
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

revoke all on function private.invite_team_member(text, public.team_role), private.revoke_team_invite(uuid),
  private.accept_team_invite(), private.my_team_invite(), private.team_members(),
  private.change_team_role(uuid, public.team_role), private.hand_over_ownership(uuid),
  private.remove_team_member(uuid, uuid)
  from public, anon;
grant execute on function private.invite_team_member(text, public.team_role), private.revoke_team_invite(uuid),
  private.accept_team_invite(), private.my_team_invite(), private.team_members(),
  private.change_team_role(uuid, public.team_role), private.hand_over_ownership(uuid),
  private.remove_team_member(uuid, uuid)
  to authenticated;

-- The API's names: SECURITY INVOKER wrappers, as the advisor asks.
create function public.invite_team_member(invite_email text, invite_role public.team_role)
returns uuid language sql security invoker set search_path = ''
as $$ select private.invite_team_member(invite_email, invite_role) $$;

create function public.revoke_team_invite(invite uuid)
returns boolean language sql security invoker set search_path = ''
as $$ select private.revoke_team_invite(invite) $$;

create function public.accept_team_invite()
returns public.team_role language sql security invoker set search_path = ''
as $$ select private.accept_team_invite() $$;

create function public.my_team_invite()
returns table (role public.team_role, expires_at timestamptz, accepted_at timestamptz, revoked_at timestamptz)
language sql stable security invoker set search_path = ''
as $$ select * from private.my_team_invite() $$;

create function public.team_members()
returns table (
  user_id uuid, full_name text, email text, role public.team_role, joined_at timestamptz, last_sign_in_at timestamptz
)
language sql stable security invoker set search_path = ''
as $$ select * from private.team_members() $$;

create function public.change_team_role(member uuid, new_role public.team_role)
returns boolean language sql security invoker set search_path = ''
as $$ select private.change_team_role(member, new_role) $$;

create function public.hand_over_ownership(member uuid)
returns boolean language sql security invoker set search_path = ''
as $$ select private.hand_over_ownership(member) $$;

create function public.remove_team_member(member uuid, heir uuid)
returns integer language sql security invoker set search_path = ''
as $$ select private.remove_team_member(member, heir) $$;

revoke all on function public.invite_team_member(text, public.team_role), public.revoke_team_invite(uuid),
  public.accept_team_invite(), public.my_team_invite(), public.team_members(),
  public.change_team_role(uuid, public.team_role), public.hand_over_ownership(uuid),
  public.remove_team_member(uuid, uuid)
  from public, anon;
grant execute on function public.invite_team_member(text, public.team_role), public.revoke_team_invite(uuid),
  public.accept_team_invite(), public.my_team_invite(), public.team_members(),
  public.change_team_role(uuid, public.team_role), public.hand_over_ownership(uuid),
  public.remove_team_member(uuid, uuid)
  to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Who did what to a post: created, published, scheduled, unpublished, edited, handed over. A
-- trigger writes it, so no screen can forget; readable by whoever may read the post's drafts.
-- ---------------------------------------------------------------------------------------------
create table public.post_events (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.posts (id) on delete cascade,
  kind text not null constraint post_events_kind_check
    check (kind in ('created', 'edited', 'published', 'scheduled', 'unpublished', 'handed_over')),
  actor_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index post_events_post_id_idx on public.post_events (post_id, created_at desc);
create index post_events_actor_id_idx on public.post_events (actor_id);

alter table public.post_events enable row level security;
revoke all on table public.post_events from anon, authenticated;
grant select on table public.post_events to authenticated;
create policy "Members read the history of the posts they work on" on public.post_events for select to authenticated
  using (
    (select private.reads_all_posts())
    or exists (
      select 1 from public.posts p
       where p.id = post_id and p.author_id = (select auth.uid()) and (select private.writes_posts())
    )
  );
create policy "A second factor, once enrolled, is required for the history of posts"
  on public.post_events as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

create function private.record_post_event()
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
  elsif (new.title, new.content, new.excerpt, new.category, new.image_url, new.image_alt, new.slug)
        is distinct from (old.title, old.content, old.excerpt, old.category, old.image_url, old.image_alt, old.slug) then
    what := 'edited';
  else
    return null;
  end if;
  insert into public.post_events (post_id, kind, actor_id) values (new.id, what, (select auth.uid()));
  return null;
end;
$$;

revoke all on function private.record_post_event() from public, anon, authenticated;

create trigger posts_record_event
  after insert or update on public.posts
  for each row execute function private.record_post_event();
