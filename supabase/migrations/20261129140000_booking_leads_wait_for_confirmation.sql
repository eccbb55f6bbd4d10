-- A lead stored by /book waits for its booking's confirmation (issue 43).
--
-- /book stores the visitor's answers as a lead before it holds the time (src/server/calls/booking.ts),
-- and a lead's insert queued the team's e-mail and WhatsApp message, the visitor's instant reply, the
-- CRM webhook and the `lead` ad conversion at once; the reminders of unanswered leads followed half
-- an hour later. So a script whose bookings were refused by the caps, or never confirmed, still
-- e-mailed the team and an address nobody had proved, once per try: 66 scripted bookings from six
-- client addresses gave 60 leads and 60 of each message.
--
-- Now such a lead is stored `awaiting_confirmation`: nothing is queued for it, no reminder is due,
-- and the lead team does not see it, until its call is confirmed from the e-mail's link
-- (20261129120000_bookings_prove_a_person.sql, `confirm_call`). The confirmation releases it, and the
-- same triggers then queue what an enquiry queues (but the instant reply: the invitation answers),
-- in the confirmation's transaction. A lead that is never confirmed stays unseen and sends nothing.

alter table public.leads add column awaiting_confirmation boolean not null default false;

comment on column public.leads.awaiting_confirmation is
  'Stored by /book and waiting for its call to be confirmed: nothing is sent for it and the team does not see it until then.';

-- The lead's messages: at its insert, or when its booking's confirmation releases it. A released
-- lead gets no instant reply: the call's invitation, queued in the same transaction, is the answer
-- its visitor waits for, and one e-mail fewer leaves room in the address's five a day for moves.
create or replace function private.queue_lead_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(new.email));
  replied boolean;
  within_day boolean;
begin
  if new.awaiting_confirmation then
    return null;
  end if;
  if tg_op = 'UPDATE' and not old.awaiting_confirmation then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    insert into public.lead_messages (lead_id, kind, recipient, status, skip_reason, next_attempt_at)
    values (new.id, 'team_email', null, 'waiting', null, now()),
           (new.id, 'team_whatsapp', null, 'waiting', null, now()),
           (new.id, 'webhook', null, 'waiting', null, now());
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('lead_messages.visitor_reply:' || address, 0));
  select exists (
    select 1 from public.lead_messages m
     where m.kind = 'visitor_reply' and m.recipient = address and m.status <> 'skipped'
       and m.created_at > now() - interval '1 hour'
  ) into replied;
  within_day := replied or private.visitor_message_allowed(address, now());

  insert into public.lead_messages (lead_id, kind, recipient, status, skip_reason, next_attempt_at)
  values (new.id, 'team_email', null, 'waiting', null, now()),
         (new.id, 'team_whatsapp', null, 'waiting', null, now()),
         (new.id, 'visitor_reply', address,
            case when replied or not within_day then 'skipped' else 'waiting' end,
            case when replied then 'rate_limited' when not within_day then 'daily_cap' end,
            case when replied or not within_day then null else now() end),
         (new.id, 'webhook', null, 'waiting', null, now());
  return null;
end;
$$;

revoke all on function private.queue_lead_messages() from public, anon, authenticated;

drop trigger leads_queue_messages on public.leads;
create trigger leads_queue_messages
  after insert or update of awaiting_confirmation on public.leads
  for each row execute function private.queue_lead_messages();

-- The lead's ad conversions: `lead` at its insert, or at its release (timed then: that is when the
-- site knew it was a person); `qualified` as before.
create or replace function private.queue_lead_conversions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.awaiting_confirmation then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.queue_conversions(new, 'lead', new.created_at);
  elsif old.awaiting_confirmation then
    perform private.queue_conversions(new, 'lead', now());
  elsif new.status in ('qualified', 'won') and old.status not in ('qualified', 'won') then
    perform private.queue_conversions(new, 'qualified', now());
  end if;
  return null;
end;
$$;

revoke all on function private.queue_lead_conversions() from public, anon, authenticated;

drop trigger leads_queue_conversions on public.leads;
create trigger leads_queue_conversions
  after insert or update of status, awaiting_confirmation on public.leads
  for each row execute function private.queue_lead_conversions();

-- No reminder of a lead nobody has confirmed.
create or replace function public.queue_lead_reminders(after_minutes integer default 30)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with queued as (
    insert into public.lead_messages (lead_id, kind, status, next_attempt_at)
    select l.id, 'reminder', 'waiting', now()
      from public.leads l
     where l.status = 'new' and l.first_response_at is null
       and not l.awaiting_confirmation
       and l.created_at <= now() - make_interval(mins => greatest(1, after_minutes))
       and l.created_at > now() - interval '2 days'
        on conflict on constraint lead_messages_once do nothing
    returning 1
  )
  select count(*)::integer from queued
$$;

-- A call's confirmation releases its lead (once: a lead released stays released).
create function private.release_booked_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.leads l
     set awaiting_confirmation = false
   where l.id = new.lead_id and l.awaiting_confirmation;
  return null;
end;
$$;

revoke all on function private.release_booked_lead() from public, anon, authenticated;

create trigger call_bookings_release_lead
  after update of confirmed_at on public.call_bookings
  for each row
  when (new.confirmed_at is not null and old.confirmed_at is null)
  execute function private.release_booked_lead();

-- The lead team sees a lead once it is a person's: restrictive, so ANDed with the role policies.
create policy "Leads awaiting confirmation stay unseen"
  on public.leads as restrictive for select
  to authenticated
  using (not awaiting_confirmation);
