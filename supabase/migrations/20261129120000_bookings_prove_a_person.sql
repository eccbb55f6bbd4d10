-- Bookings that prove a person and an address, links that cannot bomb an inbox (issue 43). Applies
-- unchanged to a hosted project.
--
-- The probes this answers: a script booked every free time in 13 seconds (a name and an e-mail
-- were enough, and each fake booking e-mailed an unverified address, the team, the calendar and the
-- ad platforms), and one manage link moved its call 26 times, e-mailing its address each time.
--
-- * A booking is a PENDING HOLD until its address is confirmed. Two designs were weighed:
--   - no booking at all until the link in the e-mail is opened: the time is not held while the
--     visitor opens their mail, so someone else may take it and the confirmation then fails, which
--     is what a visitor who did everything right would least expect;
--   - a hold: the booking is written at once and holds its time for 15 minutes (hold_expires_at);
--     it becomes live when the link in the e-mail is opened (confirmed_at), and an unconfirmed hold
--     stops counting by itself when its time passes.
--   The hold is chosen. No cron is needed for correctness: every reader of "the times taken"
--   (booked_call_ranges, the daily cap, the per-person caps) leaves out holds whose
--   hold_expires_at has passed, and book_call / reschedule_call mark the expired holds overlapping
--   the time they take as 'expired' (under the day's lock) before they write, so the exclusion
--   constraint, which cannot read the clock, ignores them from then on (its WHERE leaves 'expired'
--   out). An expired hold's row stays, with the status 'expired', for the record.
-- * The confirmation token: 128 bits derived from the booking's id with CALLS_TOKEN_SECRET under a
--   label of its own (src/server/calls/tokens.ts, as the manage token is), stored only as its
--   SHA-256, sent by the e-mail alone (never in the booking's answer), in the URL's fragment and
--   posted in a body. Derived rather than random because the outbox writes the e-mail after the
--   request, and the database holds only the hash.
-- * Only a confirmed booking is heard of: the team's e-mail, the calendar event, the reminders,
--   the visitor's invitation and the `scheduled` conversion are queued by the transition
--   confirmed_at null -> set (triggers), never on insert. On insert only the visitor's
--   'confirm_request' is queued. A manage link (call_by_token, reschedule, cancel) works only once
--   the call is confirmed.
-- * At most 2 live future calls (confirmed, or pending and not expired; not cancelled; not over)
--   per e-mail address, per phone number (its digits) and per client (a salted HMAC of the client
--   address made by the function, as the rate limiter's keys are: the address itself is never
--   stored), counted in book_call under advisory locks taken in one order (day, e-mail, phone,
--   client), so concurrent bookings agree. Refused with CL006.
-- * A call is moved at most 3 times (call_bookings.moves, kept by the bookkeeping trigger whoever
--   writes): the 4th move is refused with CL005 and the call stays at its time.
-- * At most 5 messages a day to one visitor address from the whole site, queued ones included:
--   private.visitor_message_allowed counts the visitor-bound rows of both outboxes (the lead's
--   instant reply in lead_messages; every visitor kind of call_messages) that are not skipped and
--   whose sending time (delivered_at, or next_attempt_at while waiting, else created_at) lies
--   within 24 hours either side of the new one's, under a lock per address. The team's own
--   addresses (team_email, the assignee's e-mail, WhatsApp) are the agency's, not a visitor's, and
--   are exempt. Over the cap: a message the caller's own act causes and that the act cannot go
--   without (the request to confirm a new booking, a move's e-mail) refuses the act (CL008: nothing
--   is booked or moved); any other (the instant reply, the invitation after confirming, a
--   cancellation, reminders) is kept as skipped 'daily_cap', and the act stands.
-- * The challenge of /book (ALTCHA's proof of work, verified by the function): a solution is good
--   once. private.spent_call_challenges holds the signatures of solutions used, until their
--   challenge expires (spend_call_challenge).
--
-- New refusals, beside 20261126200000_discovery_calls.sql's:
--   CL005  the call has been moved 3 times already
--   CL006  the e-mail address, phone number or client already has 2 live calls booked
--   CL007  the confirmation link of a hold whose 15 minutes have passed (or unknown)
--   CL008  the address has had 5 messages from the site in a day

-- ---------------------------------------------------------------------------------------------
-- The booking's new columns
-- ---------------------------------------------------------------------------------------------
alter table public.call_bookings
  add column confirmed_at timestamptz,
  add column hold_expires_at timestamptz,
  add column confirm_token_hash text constraint call_bookings_confirm_token_hash_key unique
    constraint call_bookings_confirm_token_hash_check check (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  add column client_key text constraint call_bookings_client_key_check check (client_key ~ '^[0-9a-f]{64}$'),
  add column moves integer not null default 0 constraint call_bookings_moves_check check (moves between 0 and 3);

-- The calls booked before this migration were booked the only way there was: they stand confirmed.
update public.call_bookings set confirmed_at = created_at;

alter table public.call_bookings
  add constraint call_bookings_pending_check
    check (confirmed_at is not null or (hold_expires_at is not null and confirm_token_hash is not null));

alter table public.call_bookings drop constraint call_bookings_status_check;
alter table public.call_bookings add constraint call_bookings_status_check
  check (status in ('booked', 'cancelled', 'completed', 'no_show', 'expired'));

-- An expired hold no longer holds its time, as a cancelled call does not.
alter table public.call_bookings drop constraint call_bookings_no_overlap;
alter table public.call_bookings add constraint call_bookings_no_overlap
  exclude using gist (blocked with &&) where (status not in ('cancelled', 'expired'));

create index call_bookings_live_idx on public.call_bookings (ends_at) where status = 'booked';
create index call_bookings_client_key_idx on public.call_bookings (client_key) where status = 'booked';

-- Whether a booking holds its time now: not cancelled nor expired, and confirmed or within its hold.
create function private.call_holds_time(booking public.call_bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  select booking.status not in ('cancelled', 'expired')
     and (booking.confirmed_at is not null or booking.hold_expires_at > now())
$$;

revoke all on function private.call_holds_time(public.call_bookings) from public, anon, authenticated;

-- As 20261126200000_discovery_calls.sql wrote it, plus: a new booking is a 15-minute hold, not
-- confirmed, never moved; once confirmed it stays so and loses its hold; a hold is never lengthened;
-- the confirmation token and the client key stay as written; an expired hold stays expired; each change of time is a move, and a fourth is refused.
create or replace function private.call_booking_changes()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.sequence := 0;
    new.status := 'booked';
    new.cancelled_at := null;
    new.created_at := now();
    new.confirmed_at := null;
    new.hold_expires_at := now() + interval '15 minutes';
    new.moves := 0;
  else
    if old.status in ('cancelled', 'expired') and new.status is distinct from old.status then
      raise exception 'A cancelled or expired call cannot be booked again; book a new one.' using errcode = 'check_violation';
    end if;
    new.sequence := old.sequence
      + case when new.starts_at is distinct from old.starts_at or new.ends_at is distinct from old.ends_at
                  or new.status is distinct from old.status then 1 else 0 end;
    new.cancelled_at := case when new.status = 'cancelled' then coalesce(old.cancelled_at, now()) end;
    new.created_at := old.created_at;
    new.confirmed_at := coalesce(old.confirmed_at, new.confirmed_at);
    -- A hold may end sooner (a test on the database's clock ends it now), never later.
    new.hold_expires_at := case when new.confirmed_at is null then least(old.hold_expires_at, new.hold_expires_at) end;
    new.confirm_token_hash := old.confirm_token_hash;
    new.client_key := old.client_key;
    new.moves := old.moves + case when new.starts_at is distinct from old.starts_at then 1 else 0 end;
    if new.moves > 3 then
      raise exception 'This call has been moved three times already.' using errcode = 'CL005';
    end if;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Five messages a day to one visitor address
-- ---------------------------------------------------------------------------------------------
alter table public.call_messages drop constraint call_messages_kind_check;
alter table public.call_messages add constraint call_messages_kind_check check (
  kind in ('confirm_request', 'confirmation', 'reschedule', 'cancellation', 'reminder_24h', 'reminder_1h', 'team_email', 'calendar_event')
);
alter table public.call_messages drop constraint call_messages_skip_reason_check;
alter table public.call_messages add constraint call_messages_skip_reason_check check (
  skip_reason in ('not_configured', 'superseded', 'cancelled', 'too_late', 'daily_cap', 'expired')
);
alter table public.lead_messages drop constraint lead_messages_skip_reason_check;
alter table public.lead_messages add constraint lead_messages_skip_reason_check
  check (skip_reason in ('not_configured', 'rate_limited', 'answered', 'daily_cap'));

create index call_messages_recipient_idx on public.call_messages (recipient) where status <> 'skipped';

-- Whether one more message to `address`, to be sent at `send_at`, keeps it within 5 in any day:
-- fewer than 5 of the visitor-bound rows not skipped are sent (or due) within 24 hours of it. Takes
-- the address's lock first, so two transactions queueing for it at once count each other.
create function private.visitor_message_allowed(address text, send_at timestamptz default now())
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  sent integer;
begin
  if address is null then
    return true;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('visitor_messages:' || address, 0));
  select count(*) into sent
    from (
      select case m.status when 'delivered' then m.delivered_at when 'waiting' then m.next_attempt_at else m.created_at end as at
        from public.call_messages m
       where m.recipient = address and m.status <> 'skipped'
         and m.kind in ('confirm_request', 'confirmation', 'reschedule', 'cancellation', 'reminder_24h', 'reminder_1h')
      union all
      select case m.status when 'delivered' then m.delivered_at when 'waiting' then m.next_attempt_at else m.created_at end
        from public.lead_messages m
       where m.recipient = address and m.status <> 'skipped' and m.kind = 'visitor_reply'
    ) s
   where s.at > send_at - interval '24 hours' and s.at < send_at + interval '24 hours';
  return sent < 5;
end;
$$;

revoke all on function private.visitor_message_allowed(text, timestamptz) from public, anon, authenticated;

-- One visitor e-mail of a call: queued when the address is within its day's 5; else refused (CL008,
-- `refuse`: the act that causes it does not happen) or kept as skipped 'daily_cap'.
create function private.queue_visitor_call_message(
  booking public.call_bookings, message_kind text, address text, send_at timestamptz, refuse boolean
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  allowed boolean := private.visitor_message_allowed(address, send_at);
begin
  if not allowed and refuse then
    raise exception 'This address has had as many e-mails from us as we send in a day.' using errcode = 'CL008';
  end if;
  insert into public.call_messages (booking_id, kind, booking_sequence, recipient, status, skip_reason, next_attempt_at)
  values (booking.id, message_kind, booking.sequence, address,
          case when allowed then 'waiting' else 'skipped' end,
          case when allowed then null else 'daily_cap' end,
          case when allowed then send_at end);
end;
$$;

revoke all on function private.queue_visitor_call_message(public.call_bookings, text, text, timestamptz, boolean)
  from public, anon, authenticated;

-- The reminders of a booking at its current time, those whose time has not passed, each within the
-- address's day.
create or replace function private.queue_call_reminders(booking public.call_bookings, address text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  reminder record;
begin
  for reminder in
    select r.kind, booking.starts_at - r.lead_time as due
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) as r (kind, lead_time)
     where booking.starts_at - r.lead_time > now()
  loop
    perform private.queue_visitor_call_message(booking, reminder.kind, address, reminder.due, false);
  end loop;
end;
$$;

-- The lead's instant reply, as 20261125100000_lead_messages.sql wrote it (one per address per hour),
-- and within the address's 5 a day ('daily_cap').
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

-- ---------------------------------------------------------------------------------------------
-- What a booking queues, and when
-- ---------------------------------------------------------------------------------------------
-- As 20261126210000_call_conversions.sql wrote it, with the hold:
--   insert                      the visitor's request to confirm (refused over the day's 5)
--   confirmed                   the invitation, the team's e-mail, the calendar event, the reminders
--   expired                     the request to confirm, if still waiting, is skipped
--   cancelled                   once confirmed: the cancellation and the calendar event; a hold
--                               cancelled was heard of by nobody, and says nothing
--   moved (confirmed only)      the move's e-mail (refused over the day's 5), the calendar event,
--                               the reminders at the new time
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
    perform private.queue_visitor_call_message(new, 'confirm_request', address, now(), true);
  elsif new.status = 'expired' and old.status <> 'expired' then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'expired', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting';
  elsif new.confirmed_at is not null and old.confirmed_at is null then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'superseded', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind = 'confirm_request';
    perform private.queue_visitor_call_message(new, 'confirmation', address, now(), false);
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'team_email', new.sequence, null, now());
    insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
    values (new.id, 'calendar_event', 'calendar', new.sequence, now());
    perform private.queue_call_reminders(new, address);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'cancelled', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting'
       and m.kind in ('reminder_24h', 'reminder_1h', 'confirm_request');
    if new.confirmed_at is not null then
      perform private.queue_visitor_call_message(new, 'cancellation', address, now(), false);
      insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
      values (new.id, 'calendar_event', 'calendar', new.sequence, now());
    end if;
  elsif new.status = 'booked' and new.confirmed_at is not null and new.starts_at is distinct from old.starts_at then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'superseded', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind in ('reminder_24h', 'reminder_1h');
    perform private.queue_visitor_call_message(new, 'reschedule', address, now(), true);
    insert into public.call_messages (booking_id, kind, channel, booking_sequence, next_attempt_at)
    values (new.id, 'calendar_event', 'calendar', new.sequence, now());
    perform private.queue_call_reminders(new, address);
  end if;
  return null;
end;
$$;

-- The Schedule conversion: on confirmation, not on insert (the function is unchanged).
drop trigger call_bookings_queue_conversion on public.call_bookings;
create trigger call_bookings_queue_conversion
  after update of confirmed_at on public.call_bookings
  for each row when (old.confirmed_at is null and new.confirmed_at is not null)
  execute function private.queue_call_conversion();

-- ---------------------------------------------------------------------------------------------
-- The times taken, the daily cap and the caps per person
-- ---------------------------------------------------------------------------------------------
create or replace function public.booked_call_ranges(from_time timestamptz, to_time timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz, blocked_from timestamptz, blocked_to timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select b.starts_at, b.ends_at, lower(b.blocked), upper(b.blocked)
    from public.call_bookings b
   where private.call_holds_time(b)
     and b.blocked && tstzrange(from_time, to_time, '[)')
   order by b.starts_at
$$;

create or replace function private.claim_call_day(start_at timestamptz, moving uuid default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  settings public.call_settings;
  local_day date;
  taken integer;
begin
  select * into settings from public.call_settings where id;
  local_day := (start_at at time zone settings.time_zone)::date;
  perform pg_advisory_xact_lock(hashtextextended('call_bookings.day:' || local_day::text, 0));
  if settings.max_per_day is null then
    return;
  end if;
  select count(*) into taken
    from public.call_bookings b
   where private.call_holds_time(b)
     and (b.starts_at at time zone settings.time_zone)::date = local_day
     and b.id is distinct from moving;
  if taken >= settings.max_per_day then
    raise exception 'That day is fully booked.' using errcode = 'CL001';
  end if;
end;
$$;

-- Marks the holds whose 15 minutes have passed and whose time overlaps `range` as 'expired', so the
-- exclusion constraint lets the time be taken again. Called under the day's lock.
create function private.release_expired_holds(range tstzrange)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.call_bookings b
     set status = 'expired'
   where b.status = 'booked' and b.confirmed_at is null and b.hold_expires_at <= now()
     and b.blocked && range
$$;

revoke all on function private.release_expired_holds(tstzrange) from public, anon, authenticated;

-- Refuses a booking for `lead` when its e-mail address, its phone number or `client` already has 2
-- live future calls. The locks are taken in one order (e-mail, phone, client) after the day's.
create function private.claim_call_person(lead uuid, client text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  email_key text;
  phone_key text;
  taken integer;
begin
  select lower(btrim(l.email)), nullif(regexp_replace(coalesce(l.phone, ''), '[^0-9]', '', 'g'), '')
    into email_key, phone_key
    from public.leads l where l.id = lead;
  perform pg_advisory_xact_lock(hashtextextended('call_bookings.email:' || email_key, 0));
  if phone_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('call_bookings.phone:' || phone_key, 0));
  end if;
  if client is not null then
    perform pg_advisory_xact_lock(hashtextextended('call_bookings.client:' || client, 0));
  end if;
  select count(*) into taken
    from public.call_bookings b join public.leads l on l.id = b.lead_id
   where b.status = 'booked' and b.ends_at > now() and private.call_holds_time(b)
     and (lower(btrim(l.email)) = email_key
          or (phone_key is not null and regexp_replace(coalesce(l.phone, ''), '[^0-9]', '', 'g') = phone_key)
          or (client is not null and b.client_key = client));
  if taken >= 2 then
    raise exception 'Two calls are already booked for these details.' using errcode = 'CL006';
  end if;
end;
$$;

revoke all on function private.claim_call_person(uuid, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Booking, confirming, moving
-- ---------------------------------------------------------------------------------------------
-- As before, plus: `confirm_token_hash` (the hash of the e-mail's confirmation token) and `client`
-- (the function's salted HMAC of the client address); the booking is a hold; the caps per person
-- are checked; expired holds in the way are released.
drop function public.book_call(timestamptz, text, text, text, uuid, text, uuid);

create function public.book_call(
  start_at timestamptz,
  visitor_time_zone text,
  manage_token_hash text,
  booking_source text,
  confirm_token_hash text,
  lead uuid default null,
  lead_token_hash text default null,
  booking_id uuid default null,
  client text default null
)
returns table (
  id uuid, lead_id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  confirmed_at timestamptz, hold_expires_at timestamptz
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booked_for uuid := lead;
  times record;
  booking public.call_bookings;
begin
  if start_at is null or start_at <= now() then
    raise exception 'That time has passed.' using errcode = 'CL004';
  end if;
  if not private.is_time_zone(visitor_time_zone) then
    raise exception 'Unknown time zone.' using errcode = 'invalid_parameter_value';
  end if;
  if (lead is null) = (lead_token_hash is null) then
    raise exception 'A booking names its lead or carries its lead token, not both.' using errcode = 'invalid_parameter_value';
  end if;
  if lead_token_hash is not null then
    update private.call_lead_tokens t
       set used_at = now()
     where t.token_hash = lead_token_hash and t.used_at is null and t.expires_at > now()
    returning t.lead_id into booked_for;
    if booked_for is null then
      raise exception 'This booking link has expired.' using errcode = 'CL002';
    end if;
  end if;

  perform private.claim_call_day(start_at);
  perform private.claim_call_person(booked_for, client);
  select * into times from private.call_times(start_at);
  perform private.release_expired_holds(times.blocked);
  insert into public.call_bookings as b
    (id, lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source,
     manage_token_hash, confirm_token_hash, client_key)
  values
    (coalesce(booking_id, gen_random_uuid()), booked_for, start_at, times.ends_at, times.buffer_before_minutes, times.buffer_after_minutes, times.blocked,
     visitor_time_zone, booking_source, manage_token_hash, book_call.confirm_token_hash, client)
  returning b.* into booking;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence,
                      booking.confirmed_at, booking.hold_expires_at;
end;
$$;

-- Confirms the hold of `token_hash` (the e-mail's link): live from now, and heard of. Confirming
-- again answers the same call; a hold whose 15 minutes have passed, or an unknown token, is CL007;
-- a call cancelled or over is CL003.
create function public.confirm_call(token_hash text)
returns table (
  id uuid, lead_id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  visitor_time_zone text, confirmed_at timestamptz, newly_confirmed boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.call_bookings;
  newly boolean := false;
begin
  select * into booking from public.call_bookings b where b.confirm_token_hash = token_hash for update;
  if booking.id is null or (booking.confirmed_at is null and (booking.status <> 'booked' or booking.hold_expires_at <= now())) then
    raise exception 'This confirmation link has expired.' using errcode = 'CL007';
  end if;
  if booking.status <> 'booked' or booking.ends_at <= now() then
    raise exception 'This link is no longer valid.' using errcode = 'CL003';
  end if;
  if booking.confirmed_at is null then
    update public.call_bookings b set confirmed_at = now() where b.id = booking.id returning b.* into booking;
    newly := true;
  end if;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence,
                      booking.visitor_time_zone, booking.confirmed_at, newly;
end;
$$;

-- The live call of a manage token, locked for a change: confirmed, booked and not over, else CL003.
create or replace function private.live_call(token_hash text)
returns public.call_bookings
language plpgsql
volatile
set search_path = ''
as $$
declare
  booking public.call_bookings;
begin
  select * into booking from public.call_bookings b
   where b.manage_token_hash = token_hash and b.status = 'booked' and b.ends_at > now() and b.confirmed_at is not null
     for update;
  if booking.id is null then
    raise exception 'This link is no longer valid.' using errcode = 'CL003';
  end if;
  return booking;
end;
$$;

-- As before, with the move counted (a fourth refused, CL005, before any other work) and the
-- expired holds in the way released.
create or replace function public.reschedule_call(token_hash text, start_at timestamptz, visitor_time_zone text)
returns table (id uuid, lead_id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.call_bookings := private.live_call(token_hash);
  times record;
begin
  if booking.moves >= 3 then
    raise exception 'This call has been moved three times already.' using errcode = 'CL005';
  end if;
  if start_at is null or start_at <= now() then
    raise exception 'That time has passed.' using errcode = 'CL004';
  end if;
  if not private.is_time_zone(visitor_time_zone) then
    raise exception 'Unknown time zone.' using errcode = 'invalid_parameter_value';
  end if;
  perform private.claim_call_day(start_at, booking.id);
  select * into times from private.call_times(start_at);
  perform private.release_expired_holds(times.blocked);
  update public.call_bookings b
     set starts_at = start_at, ends_at = times.ends_at, buffer_before_minutes = times.buffer_before_minutes,
         buffer_after_minutes = times.buffer_after_minutes, blocked = times.blocked,
         visitor_time_zone = reschedule_call.visitor_time_zone
   where b.id = booking.id
  returning b.* into booking;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence;
end;
$$;

-- The live call of a manage token: confirmed, booked, not over.
create or replace function public.call_by_token(token_hash text)
returns table (
  id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer, visitor_time_zone text,
  created_at timestamptz, full_name text, email text
)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, b.starts_at, b.ends_at, b.status, b.sequence, b.visitor_time_zone, b.created_at, l.full_name, l.email
    from public.call_bookings b join public.leads l on l.id = b.lead_id
   where b.manage_token_hash = token_hash and b.status = 'booked' and b.ends_at > now() and b.confirmed_at is not null
$$;

-- ---------------------------------------------------------------------------------------------
-- The challenge's spent solutions
-- ---------------------------------------------------------------------------------------------
create table private.spent_call_challenges (
  signature text primary key constraint spent_call_challenges_signature_check check (signature ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null
);

create index spent_call_challenges_expires_at_idx on private.spent_call_challenges (expires_at);

alter table private.spent_call_challenges enable row level security;
revoke all on table private.spent_call_challenges from public, anon, authenticated;

-- Records a solved challenge's signature as used: true the first time, false for a replay. Forgets
-- those whose challenge has expired (the function refuses an expired challenge anyway), a few at a
-- time, so the table stays small without a schedule.
create function public.spend_call_challenge(signature text, expires_at timestamptz)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  spent boolean;
begin
  delete from private.spent_call_challenges s
   where s.signature in (select o.signature from private.spent_call_challenges o where o.expires_at < now() limit 100);
  insert into private.spent_call_challenges (signature, expires_at)
  values (spend_call_challenge.signature, spend_call_challenge.expires_at)
  on conflict do nothing
  returning true into spent;
  return coalesce(spent, false);
end;
$$;

revoke all on function public.book_call(timestamptz, text, text, text, text, uuid, text, uuid, text) from public, anon, authenticated;
revoke all on function public.confirm_call(text) from public, anon, authenticated;
revoke all on function public.spend_call_challenge(text, timestamptz) from public, anon, authenticated;
grant execute on function public.book_call(timestamptz, text, text, text, text, uuid, text, uuid, text) to service_role;
grant execute on function public.confirm_call(text) to service_role;
grant execute on function public.spend_call_challenge(text, timestamptz) to service_role;
