-- A lead belongs to a person: leads.assigned_to names the member who follows it up (an Owner, an
-- Administrator or a Sales member: the people who may read leads). The database refuses anyone
-- else, writes each assignment into the lead's history with who made it, and queues an e-mail to the
-- new assignee in the outbox the lead's other messages use (src/server/messages/outbox.ts sends it).

-- ---------------------------------------------------------------------------------------------
-- The assignee
-- ---------------------------------------------------------------------------------------------
alter table public.leads
  add column assigned_to uuid constraint leads_assigned_to_fkey references auth.users (id) on delete set null;

comment on column public.leads.assigned_to is
  'The member who follows the lead up: owner, administrator or sales (leads_check_assignee refuses anyone else).';

-- The inbox's "Mine" filter, and the foreign key's own lookups when a user is deleted.
create index leads_assigned_to_idx on public.leads (assigned_to, created_at desc);

-- The lead team (RLS: works_leads()) changes the status and the assignee; nothing else.
grant update (assigned_to) on table public.leads to authenticated;

-- Only someone who may read leads can be given one: otherwise the lead would be theirs and out of
-- their sight, and the e-mail would tell them about a lead they cannot open. A new lead (stored by
-- the contact function) starts unassigned.
create function private.check_lead_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  their_role public.team_role;
begin
  if tg_op = 'INSERT' then
    new.assigned_to := null;
    return new;
  end if;
  if new.assigned_to is null or new.assigned_to is not distinct from old.assigned_to then
    return new;
  end if;
  select a.role into their_role from public.admins a where a.user_id = new.assigned_to;
  if their_role is null or their_role not in ('owner', 'administrator', 'sales') then
    raise exception 'A lead can be assigned only to the Owner, an Administrator or a Sales member.'
      using errcode = '23514';
  end if;
  return new;
end;
$$;

revoke all on function private.check_lead_assignee() from public, anon, authenticated;

create trigger leads_check_assignee
  before insert or update of assigned_to on public.leads
  for each row execute function private.check_lead_assignee();

-- ---------------------------------------------------------------------------------------------
-- The history: an 'assigned' event (assignee_id null: the lead was unassigned)
-- ---------------------------------------------------------------------------------------------
alter table public.lead_events
  add column assignee_id uuid constraint lead_events_assignee_id_fkey references auth.users (id) on delete set null;

create index lead_events_assignee_id_idx on public.lead_events (assignee_id) where assignee_id is not null;

alter table public.lead_events drop constraint lead_events_kind_check;
alter table public.lead_events add constraint lead_events_kind_check check (kind in ('status', 'note', 'assigned'));

alter table public.lead_events drop constraint lead_events_shape_check;
alter table public.lead_events add constraint lead_events_shape_check check (
  (kind = 'status' and to_status is not null and note is null and assignee_id is null)
  or (kind = 'note' and note is not null and to_status is null and assignee_id is null)
  or (kind = 'assigned' and note is null and to_status is null and from_status is null)
);

-- ---------------------------------------------------------------------------------------------
-- The assignee's e-mail, in the outbox
-- ---------------------------------------------------------------------------------------------
-- The other kinds are sent once per lead (lead_messages_once); a lead is assigned as often as the
-- team likes, so an 'assigned' row is once per assignment: the event it tells of joins the key.
-- NULLS NOT DISTINCT keeps every other kind once per lead (their event is null), and the constraint
-- keeps its name, which queue_lead_reminders' `on conflict on constraint` names.
alter table public.lead_messages
  add column lead_event_id bigint constraint lead_messages_lead_event_id_fkey references public.lead_events (id) on delete cascade;

alter table public.lead_messages drop constraint lead_messages_kind_check;
alter table public.lead_messages add constraint lead_messages_kind_check
  check (kind in ('team_email', 'team_whatsapp', 'visitor_reply', 'reminder', 'webhook', 'assigned'));

alter table public.lead_messages drop constraint lead_messages_once;
alter table public.lead_messages add constraint lead_messages_once unique nulls not distinct (lead_id, kind, lead_event_id);

alter table public.lead_messages add constraint lead_messages_assigned_check
  check ((kind = 'assigned') = (lead_event_id is not null));

create index lead_messages_lead_event_id_idx on public.lead_messages (lead_event_id) where lead_event_id is not null;

-- After the row is written (and RLS has let it be): the event, by the caller, and the e-mail to the
-- new assignee, unless they assigned it to themselves or it was unassigned. The address is read from
-- auth.users here, as the visitor's reply keeps the visitor's: the row says whom it was for.
create function private.record_lead_assignment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  event bigint;
  address text;
begin
  if new.assigned_to is not distinct from old.assigned_to then
    return null;
  end if;
  insert into public.lead_events (lead_id, kind, assignee_id, author_id)
  values (new.id, 'assigned', new.assigned_to, me)
  returning id into event;
  if new.assigned_to is not null and new.assigned_to is distinct from me then
    select u.email::text into address from auth.users u where u.id = new.assigned_to;
    insert into public.lead_messages (lead_id, kind, lead_event_id, recipient, status, skip_reason, next_attempt_at)
    values (new.id, 'assigned', event, address,
            case when address is null then 'skipped' else 'waiting' end,
            case when address is null then 'not_configured' end,
            case when address is null then null else now() end);
  end if;
  return null;
end;
$$;

revoke all on function private.record_lead_assignment() from public, anon, authenticated;

create trigger leads_record_assignment
  after update of assigned_to on public.leads
  for each row execute function private.record_lead_assignment();

-- ---------------------------------------------------------------------------------------------
-- A member who stops working leads (removed, or given a role without leads) lets go of theirs, so
-- no lead stays with someone who cannot open it; each release is in the lead's history.
-- ---------------------------------------------------------------------------------------------
create function private.release_leads_of_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or new.role not in ('owner', 'administrator', 'sales') then
    update public.leads set assigned_to = null where assigned_to = old.user_id;
  end if;
  return null;
end;
$$;

revoke all on function private.release_leads_of_member() from public, anon, authenticated;

create trigger admins_release_leads
  after delete or update of role on public.admins
  for each row execute function private.release_leads_of_member();
