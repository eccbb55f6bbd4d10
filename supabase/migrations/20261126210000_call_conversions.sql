-- What a booked call sends beyond the visitor's e-mails (issue 36). Applies unchanged to a hosted project.
--
-- * The `Schedule` conversion: a booked call is a conversion, queued in public.conversion_events as
--   the event 'scheduled' by a trigger in the booking's own transaction, under the lead's consent
--   exactly as the lead's own events are (private.queue_conversions: skipped 'no_consent' without
--   it). Once per lead, as 'qualified' is: a lead who cancels and books again converted once. A
--   booking writes nothing to public.leads, so the lead's first response (the team's note or status
--   change) is not touched by it.
-- * Two more rows per booking in public.call_messages, sent by the same outbox kind (src/server/calls/outbox.ts):
--     team_email      the team is told of a new booking (LEADS_NOTIFY_EMAILS; skipped 'not_configured' without)
--     calendar_event  the agency's Google Calendar follows the booking (channel 'calendar'): one row per
--                     booking change (booked, moved, cancelled), each bringing the event in step with
--                     the booking as it is when sent; skipped 'not_configured' without GOOGLE_CALENDAR_*
--   and the skip reason 'too_late': a reminder claimed after its call began is not sent.
-- * claim_call_messages also gives the lead's source and campaign (the team's e-mail names them).

-- ---------------------------------------------------------------------------------------------
-- The Schedule conversion
-- ---------------------------------------------------------------------------------------------
alter table public.conversion_events drop constraint conversion_events_event_check;
alter table public.conversion_events
  add constraint conversion_events_event_check check (event in ('lead', 'qualified', 'scheduled'));

create function private.queue_call_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.leads;
begin
  select * into lead from public.leads l where l.id = new.lead_id;
  if lead.id is not null then
    perform private.queue_conversions(lead, 'scheduled', new.created_at);
  end if;
  return null;
end;
$$;

revoke all on function private.queue_call_conversion() from public, anon, authenticated;

create trigger call_bookings_queue_conversion
  after insert on public.call_bookings
  for each row execute function private.queue_call_conversion();

-- ---------------------------------------------------------------------------------------------
-- The team's e-mail and the calendar event
-- ---------------------------------------------------------------------------------------------
alter table public.call_messages drop constraint call_messages_kind_check;
alter table public.call_messages add constraint call_messages_kind_check check (
  kind in ('confirmation', 'reschedule', 'cancellation', 'reminder_24h', 'reminder_1h', 'team_email', 'calendar_event')
);
alter table public.call_messages drop constraint call_messages_channel_check;
alter table public.call_messages add constraint call_messages_channel_check check (
  channel in ('email', 'calendar') and (channel = 'calendar') = (kind = 'calendar_event')
);
alter table public.call_messages drop constraint call_messages_skip_reason_check;
alter table public.call_messages add constraint call_messages_skip_reason_check check (
  skip_reason in ('not_configured', 'superseded', 'cancelled', 'too_late')
);

-- As 20261126200000_discovery_calls.sql wrote it, plus the team's e-mail on a new booking and a
-- calendar row on every change of time or status that the visitor is told of.
create or replace function private.queue_call_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
begin
  select lower(btrim(l.email)) into address from public.leads l where l.id = new.lead_id;
  if tg_op = 'INSERT' then
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'confirmation', new.sequence, address, now()),
           (new.id, 'team_email', new.sequence, null, now());
    insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
    values (new.id, 'calendar_event', 'calendar', new.sequence, now());
    perform private.queue_call_reminders(new, address);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'cancelled', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind in ('reminder_24h', 'reminder_1h');
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'cancellation', new.sequence, address, now());
    insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
    values (new.id, 'calendar_event', 'calendar', new.sequence, now());
  elsif new.status = 'booked' and new.starts_at is distinct from old.starts_at then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'superseded', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind in ('reminder_24h', 'reminder_1h');
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'reschedule', new.sequence, address, now());
    insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
    values (new.id, 'calendar_event', 'calendar', new.sequence, now());
    perform private.queue_call_reminders(new, address);
  end if;
  return null;
end;
$$;

revoke all on function private.queue_call_messages() from public, anon, authenticated;

-- As before, with the lead's source and campaign in `call` for the team's e-mail.
create or replace function public.claim_call_messages(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, booking_id uuid, kind text, booking_sequence integer, recipient text, attempts integer,
  claim_token uuid, response jsonb, call jsonb
)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select m.id
      from public.call_messages m join public.call_bookings b on b.id = m.booking_id
     where m.status = 'waiting'
       and m.next_attempt_at <= now()
       and (m.claimed_until is null or m.claimed_until < now())
       and (only_lead is null or b.lead_id = only_lead)
     order by m.next_attempt_at, m.id
     limit greatest(1, least(max_rows, 100))
       for update of m skip locked
  ), claimed as (
    update public.call_messages m
       set claimed_until = now() + interval '2 minutes', claim_token = gen_random_uuid(), attempts = m.attempts + 1, updated_at = now()
      from due
     where m.id = due.id
    returning m.*
  )
  select c.id, c.booking_id, c.kind, c.booking_sequence, c.recipient, c.attempts, c.claim_token, c.response,
         jsonb_build_object(
           'id', b.id, 'lead_id', b.lead_id, 'starts_at', b.starts_at, 'ends_at', b.ends_at, 'status', b.status,
           'sequence', b.sequence, 'visitor_time_zone', b.visitor_time_zone, 'source', b.source,
           'full_name', l.full_name, 'email', l.email, 'phone', l.phone,
           'lead_source', l.source, 'campaign', l.campaign, 'service', l.service, 'created_at', b.created_at
         )
    from claimed c
    join public.call_bookings b on b.id = c.booking_id
    join public.leads l on l.id = b.lead_id
   order by c.id
$$;

revoke all on function public.claim_call_messages(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_call_messages(integer, uuid) to service_role;
