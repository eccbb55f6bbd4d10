-- Discovery calls booked on the site (issue 36). Applies unchanged to a hosted project.
--
-- * Availability is data the admin edits (the defaults are src/lib/calls/slots.ts's DEFAULT_AVAILABILITY): public.call_settings (one row: length, step, buffers,
--   notice, horizon, daily cap, where the call happens, the agency's time zone),
--   public.call_weekly_hours (windows per weekday in the agency's zone, never overlapping) and
--   public.call_days_off. Seeded so a fresh project offers times with nothing configured.
-- * public.call_bookings: one row per call. `blocked` is the call's time with its buffers, and an
--   exclusion constraint keeps the blocked ranges of calls that are not cancelled apart, whatever
--   the concurrency: two calls can never overlap. The daily cap is counted under a lock per
--   agency-local day in book_call / reschedule_call, so it holds under concurrency too.
-- * Tokens: a booking's manage link (reschedule, cancel, .ics) carries 128 bits the server derives
--   from the booking's id with a key of its own (so the outbox's messages can carry the link again);
--   the database holds only their SHA-256 (hex), and answers only while the call is booked and not
--   over. The contact function's answer carries a short-lived token that lets /thank-you
--   book one call for the lead it just stored (private.call_lead_tokens, hashed too, 2 hours).
-- * public.call_messages: the outbox of what a booking sends (confirmation, reschedule,
--   cancellation, reminders 24 h and 1 h before), written by a trigger in the booking's own
--   transaction, with lead_messages' columns, claimed and finished by the service role
--   (claim_call_messages, finish_call_message) for the dispatcher step that sends them.
-- * The server function (api/calls) reaches all of it through the functions below, executable by
--   the service role alone. Admins read everything (at aal2 once a factor is enrolled) and edit the
--   availability; anon and signed-in non-admins read nothing of it: the free times are public only
--   through the function.

-- ---------------------------------------------------------------------------------------------
-- Availability
-- ---------------------------------------------------------------------------------------------

-- Whether `zone` is a time zone Postgres knows (an IANA name such as 'Africa/Lagos').
create function private.is_time_zone(zone text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select zone is not null and char_length(zone) <= 64 and exists (select 1 from pg_catalog.pg_timezone_names where name = zone)
$$;

revoke all on function private.is_time_zone(text) from public, anon;
-- The settings' trigger runs as the admin who edits them.
grant execute on function private.is_time_zone(text) to authenticated;

create table public.call_settings (
  -- One row: the key can only be true.
  id boolean primary key default true constraint call_settings_single_row check (id),
  time_zone text not null default 'Africa/Lagos'
    constraint call_settings_time_zone_check check (char_length(time_zone) between 1 and 64),
  call_minutes integer not null default 30 constraint call_settings_call_minutes_check check (call_minutes between 10 and 240),
  slot_step_minutes integer not null default 30
    constraint call_settings_slot_step_minutes_check check (slot_step_minutes between 5 and 240),
  buffer_before_minutes integer not null default 15
    constraint call_settings_buffer_before_minutes_check check (buffer_before_minutes between 0 and 120),
  buffer_after_minutes integer not null default 15
    constraint call_settings_buffer_after_minutes_check check (buffer_after_minutes between 0 and 120),
  min_notice_hours integer not null default 4
    constraint call_settings_min_notice_hours_check check (min_notice_hours between 0 and 720),
  horizon_days integer not null default 14 constraint call_settings_horizon_days_check check (horizon_days between 1 and 365),
  -- Calls per agency-local day; null: no cap.
  max_per_day integer default 6 constraint call_settings_max_per_day_check check (max_per_day between 1 and 50),
  place_kind text not null default 'google_meet'
    constraint call_settings_place_kind_check check (place_kind in ('google_meet', 'video_link', 'phone')),
  -- The agency's fixed meeting room (Zoom, Teams, Whereby…), for place_kind 'video_link'.
  video_link_url text constraint call_settings_video_link_url_check
    check (char_length(video_link_url) <= 500 and video_link_url ~ '^https://[^[:space:][:cntrl:]/?#]+(/[^[:space:][:cntrl:]]*)?$'),
  updated_at timestamptz not null default now(),
  constraint call_settings_video_link_check check (place_kind <> 'video_link' or video_link_url is not null)
);

-- Weekly windows in the agency's zone, 0 = Sunday. `week_minutes` places each window on one line of
-- the week's minutes, so a plain range exclusion (no btree_gist) keeps a weekday's windows apart;
-- windows that touch (09:00-12:00, 12:00-17:00) are allowed.
create table public.call_weekly_hours (
  id bigint generated always as identity primary key,
  weekday smallint not null constraint call_weekly_hours_weekday_check check (weekday between 0 and 6),
  start_time time not null constraint call_weekly_hours_start_time_check check (extract(second from start_time) = 0),
  end_time time not null constraint call_weekly_hours_end_time_check check (extract(second from end_time) = 0),
  week_minutes int4range generated always as (
    int4range(
      weekday * 1440 + (extract(hour from start_time) * 60 + extract(minute from start_time))::integer,
      weekday * 1440 + (extract(hour from end_time) * 60 + extract(minute from end_time))::integer
    )
  ) stored,
  constraint call_weekly_hours_order_check check (start_time < end_time),
  constraint call_weekly_hours_no_overlap exclude using gist (week_minutes with &&)
);

create table public.call_days_off (
  day date primary key,
  note text constraint call_days_off_note_check check (char_length(note) <= 200)
);

-- The settings' time zone must be one Postgres knows (a check constraint cannot read the catalog).
create function private.check_call_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone using errcode = 'check_violation';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.check_call_settings() from public, anon, authenticated;

create trigger call_settings_check
  before insert or update on public.call_settings
  for each row execute function private.check_call_settings();

insert into public.call_settings default values;
insert into public.call_weekly_hours (weekday, start_time, end_time)
select weekday, '09:00', '17:00' from generate_series(1, 5) as weekday;

-- ---------------------------------------------------------------------------------------------
-- Bookings
-- ---------------------------------------------------------------------------------------------
create table public.call_bookings (
  id uuid primary key default gen_random_uuid(),
  -- Erasing a lead deletes its calls (and their outbox rows) with it.
  lead_id uuid not null references public.leads (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The buffers in force when the call was booked or last moved; `blocked` is the call with them.
  buffer_before_minutes integer not null
    constraint call_bookings_buffer_before_minutes_check check (buffer_before_minutes between 0 and 120),
  buffer_after_minutes integer not null
    constraint call_bookings_buffer_after_minutes_check check (buffer_after_minutes between 0 and 120),
  -- Stored, not generated: timestamptz ± interval is not immutable, so a generated column cannot
  -- compute it; the check below ties it to the call's times instead.
  blocked tstzrange not null,
  status text not null default 'booked'
    constraint call_bookings_status_check check (status in ('booked', 'cancelled', 'completed', 'no_show')),
  visitor_time_zone text not null
    constraint call_bookings_visitor_time_zone_check check (char_length(visitor_time_zone) between 1 and 64),
  source text not null constraint call_bookings_source_check check (source in ('thank_you', 'book_page')),
  -- Raised on each change of time or status, for the invitation's SEQUENCE.
  sequence integer not null default 0 constraint call_bookings_sequence_check check (sequence >= 0),
  -- SHA-256 (hex) of the manage link's token; the token itself is never stored.
  manage_token_hash text not null constraint call_bookings_manage_token_hash_key unique
    constraint call_bookings_manage_token_hash_check check (manage_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz,
  cancel_note text constraint call_bookings_cancel_note_check check (char_length(cancel_note) <= 1000),
  constraint call_bookings_time_check check (starts_at < ends_at),
  constraint call_bookings_blocked_check check (
    blocked = tstzrange(
      starts_at - make_interval(mins => buffer_before_minutes),
      ends_at + make_interval(mins => buffer_after_minutes),
      '[)'
    )
  ),
  constraint call_bookings_cancelled_check check ((status = 'cancelled') = (cancelled_at is not null)),
  -- The invariant: the blocked ranges of calls that are not cancelled never overlap.
  constraint call_bookings_no_overlap exclude using gist (blocked with &&) where (status <> 'cancelled')
);

create index call_bookings_lead_id_idx on public.call_bookings (lead_id);
create index call_bookings_starts_at_idx on public.call_bookings (starts_at) where status <> 'cancelled';

-- Changes keep their bookkeeping whoever makes them: the sequence rises with each change of time or
-- status, cancelled_at follows the status, a cancelled call stays cancelled (its time may already be
-- someone else's).
create function private.call_booking_changes()
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
  else
    if old.status = 'cancelled' and new.status <> 'cancelled' then
      raise exception 'A cancelled call cannot be booked again; book a new one.' using errcode = 'check_violation';
    end if;
    new.sequence := old.sequence
      + case when new.starts_at is distinct from old.starts_at or new.ends_at is distinct from old.ends_at
                  or new.status is distinct from old.status then 1 else 0 end;
    new.cancelled_at := case when new.status = 'cancelled' then coalesce(old.cancelled_at, now()) end;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.call_booking_changes() from public, anon, authenticated;

create trigger call_bookings_changes
  before insert or update on public.call_bookings
  for each row execute function private.call_booking_changes();

-- ---------------------------------------------------------------------------------------------
-- The lead booking token: /thank-you books one call for the lead the contact form just stored
-- ---------------------------------------------------------------------------------------------
-- Not reachable through the API (private is not exposed, nothing is granted); RLS on regardless.
create table private.call_lead_tokens (
  token_hash text primary key constraint call_lead_tokens_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  lead_id uuid not null references public.leads (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index call_lead_tokens_lead_id_idx on private.call_lead_tokens (lead_id);
create index call_lead_tokens_expires_at_idx on private.call_lead_tokens (expires_at);

alter table private.call_lead_tokens enable row level security;
revoke all on table private.call_lead_tokens from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The outbox of what a booking sends
-- ---------------------------------------------------------------------------------------------
-- lead_messages' lifecycle and columns (waiting -> delivered | skipped | failed, claims, attempts,
-- backoff), one row per booking, kind and sequence: a call moved twice has two reschedule rows.
--   confirmation   the visitor's confirmation with the invitation (sequence 0)
--   reschedule     the new time, with the invitation at the new sequence
--   cancellation   the invitation's CANCEL
--   reminder_24h   due 24 hours before the call; not written when that time has already passed
--   reminder_1h    due 1 hour before, likewise
-- A move or a cancellation skips the reminders still waiting ('superseded', 'cancelled').
create table public.call_messages (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.call_bookings (id) on delete cascade,
  kind text not null constraint call_messages_kind_check
    check (kind in ('confirmation', 'reschedule', 'cancellation', 'reminder_24h', 'reminder_1h')),
  -- The booking's sequence the message speaks of.
  booking_sequence integer not null,
  channel text not null default 'email' constraint call_messages_channel_check check (channel in ('email')),
  recipient text constraint call_messages_recipient_check check (char_length(recipient) <= 1000),
  status text not null default 'waiting'
    constraint call_messages_status_check check (status in ('waiting', 'delivered', 'skipped', 'failed')),
  skip_reason text constraint call_messages_skip_reason_check check (skip_reason in ('not_configured', 'superseded', 'cancelled')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  claim_token uuid,
  last_error text constraint call_messages_last_error_check check (char_length(last_error) <= 1000),
  response jsonb constraint call_messages_response_check check (pg_column_size(response) <= 8192),
  message_id text constraint call_messages_message_id_check check (char_length(message_id) <= 1000),
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint call_messages_once unique (booking_id, kind, booking_sequence),
  constraint call_messages_skip_check check ((status = 'skipped') = (skip_reason is not null))
);

create index call_messages_due_idx on public.call_messages (next_attempt_at) where status = 'waiting';

-- The reminders of a booking at its current time, those whose time has not passed.
create function private.queue_call_reminders(booking public.call_bookings, address text)
returns void
language sql
set search_path = ''
as $$
  insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
  select booking.id, r.kind, booking.sequence, address, booking.starts_at - r.lead_time
    from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour')) as r (kind, lead_time)
   where booking.starts_at - r.lead_time > now()
$$;

revoke all on function private.queue_call_reminders(public.call_bookings, text) from public, anon, authenticated;

-- Written in the booking's own transaction, whoever changes it (the function, an admin).
create function private.queue_call_messages()
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
    values (new.id, 'confirmation', new.sequence, address, now());
    perform private.queue_call_reminders(new, address);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'cancelled', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind in ('reminder_24h', 'reminder_1h');
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'cancellation', new.sequence, address, now());
  elsif new.status = 'booked' and new.starts_at is distinct from old.starts_at then
    update public.call_messages m
       set status = 'skipped', skip_reason = 'superseded', next_attempt_at = null, updated_at = now()
     where m.booking_id = new.id and m.status = 'waiting' and m.kind in ('reminder_24h', 'reminder_1h');
    insert into public.call_messages (booking_id, kind, booking_sequence, recipient, next_attempt_at)
    values (new.id, 'reschedule', new.sequence, address, now());
    perform private.queue_call_reminders(new, address);
  end if;
  return null;
end;
$$;

revoke all on function private.queue_call_messages() from public, anon, authenticated;

create trigger call_bookings_queue_messages
  after insert or update on public.call_bookings
  for each row execute function private.queue_call_messages();

-- The dispatcher's side of the outbox (service role only), as claim_lead_messages and
-- finish_lead_message are for lead messages, so outbox/runner.ts can carry these rows as one more
-- kind. Claims due rows (optionally of one lead's calls), each held two minutes, with what a message
-- needs: the call as it is now and whom it is for.
create function public.claim_call_messages(max_rows integer default 20, only_lead uuid default null)
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
           'full_name', l.full_name, 'email', l.email, 'phone', l.phone
         )
    from claimed c
    join public.call_bookings b on b.id = c.booking_id
    join public.leads l on l.id = b.lead_id
   order by c.id
$$;

-- Records the outcome of a claimed row: 'delivered', 'retry' (waiting again at retry_at), 'failed'
-- or 'skipped' (detail: the reason). Only the holder of the claim may record it, once.
create function public.finish_call_message(
  message bigint, token uuid, outcome text, detail text default null, provider_response jsonb default null,
  retry_at timestamptz default null, sent_to text default null, sent_message_id text default null
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with finished as (
    update public.call_messages m
       set status = case outcome when 'retry' then 'waiting' else outcome end,
           skip_reason = case when outcome = 'skipped' then detail end,
           last_error = case when outcome in ('retry', 'failed') then left(detail, 1000) when outcome = 'delivered' then null else m.last_error end,
           response = coalesce(provider_response, m.response),
           next_attempt_at = case when outcome = 'retry' then coalesce(retry_at, now() + interval '5 minutes') end,
           delivered_at = case when outcome = 'delivered' then now() end,
           recipient = coalesce(left(sent_to, 1000), m.recipient),
           message_id = coalesce(left(sent_message_id, 1000), m.message_id),
           claimed_until = null,
           claim_token = null,
           updated_at = now()
     where m.id = message and m.claim_token = token and m.status = 'waiting'
       and outcome in ('delivered', 'retry', 'failed', 'skipped')
    returning 1
  )
  select exists (select 1 from finished)
$$;

revoke all on function public.claim_call_messages(integer, uuid) from public, anon, authenticated;
revoke all on function public.finish_call_message(bigint, uuid, text, text, jsonb, timestamptz, text, text) from public, anon, authenticated;
grant execute on function public.claim_call_messages(integer, uuid) to service_role;
grant execute on function public.finish_call_message(bigint, uuid, text, text, jsonb, timestamptz, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The server function's calls (service role only; security definer so they reach private and
-- take the day's lock whatever the caller's grants)
-- ---------------------------------------------------------------------------------------------
-- Refusals are errors with codes of their own, which api/calls turns into answers:
--   23P01  the time overlaps another call (the exclusion constraint): 409 with the nearest times
--   CL001  the agency-local day already has max_per_day calls: 400 'day-cap'
--   CL002  the lead booking token is unknown, expired or used: 400
--   CL003  the manage token is unknown, or its call cancelled or over: 404
--   CL004  the time is in the past: 400
-- Whether a start is on the grid, within the hours, notice and horizon, and off the days off is the
-- function's check (src/lib/calls/slots.ts) before it calls; the database holds what concurrency
-- could break: no overlap, the daily cap.

-- Everything the slot computation needs, in one call: the settings, the weekly windows, the days off.
create function public.call_availability()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'settings', (select to_jsonb(s) - 'id' from public.call_settings s),
    'weekly_hours', coalesce((
      select jsonb_agg(jsonb_build_object('weekday', h.weekday, 'start', to_char(h.start_time, 'HH24:MI'), 'end', to_char(h.end_time, 'HH24:MI'))
                       order by h.weekday, h.start_time)
        from public.call_weekly_hours h), '[]'::jsonb),
    'days_off', coalesce((select jsonb_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day) from public.call_days_off d), '[]'::jsonb)
  )
$$;

-- The times taken in [from_time, to_time): each call's own start and end, and the blocked range its
-- row holds (the buffers of the day it was booked, which the exclusion constraint compares); no names.
create function public.booked_call_ranges(from_time timestamptz, to_time timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz, blocked_from timestamptz, blocked_to timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select b.starts_at, b.ends_at, lower(b.blocked), upper(b.blocked)
    from public.call_bookings b
   where b.status <> 'cancelled'
     and b.blocked && tstzrange(from_time, to_time, '[)')
   order by b.starts_at
$$;

-- The lead booking token for a lead just stored: its hash, valid two hours, good for one booking.
create function public.issue_call_lead_token(lead uuid, token_hash text)
returns timestamptz
language sql
volatile
security definer
set search_path = ''
as $$
  insert into private.call_lead_tokens (token_hash, lead_id, expires_at)
  values (token_hash, lead, now() + interval '2 hours')
  returning expires_at
$$;

-- Takes the lock of `start_at`'s agency-local day, then refuses the time when that day already
-- holds max_per_day calls (besides `moving`, a call being rescheduled). Every booking and move of a
-- call onto a day takes that day's lock first, so two requests cannot both take its last place.
create function private.claim_call_day(start_at timestamptz, moving uuid default null)
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
   where b.status <> 'cancelled'
     and (b.starts_at at time zone settings.time_zone)::date = local_day
     and b.id is distinct from moving;
  if taken >= settings.max_per_day then
    raise exception 'That day is fully booked.' using errcode = 'CL001';
  end if;
end;
$$;

revoke all on function private.claim_call_day(timestamptz, uuid) from public, anon, authenticated;

-- The blocked range of a call starting at `start_at` under the current settings.
create function private.call_times(start_at timestamptz)
returns table (ends_at timestamptz, buffer_before_minutes integer, buffer_after_minutes integer, blocked tstzrange)
language sql
stable
set search_path = ''
as $$
  select start_at + make_interval(mins => s.call_minutes), s.buffer_before_minutes, s.buffer_after_minutes,
         tstzrange(start_at - make_interval(mins => s.buffer_before_minutes),
                   start_at + make_interval(mins => s.call_minutes + s.buffer_after_minutes), '[)')
    from public.call_settings s
   where s.id
$$;

revoke all on function private.call_times(timestamptz) from public, anon, authenticated;

-- Books a call at `start_at` for `lead` (a lead the function has just stored) or for the lead of
-- `lead_token_hash` (the contact form's short-lived token, used up by this). The call's length and
-- buffers come from the settings. `booking_id` is the id the function chose (its manage token is
-- derived from it), else a new one. Returns the booking.
create function public.book_call(
  start_at timestamptz,
  visitor_time_zone text,
  manage_token_hash text,
  booking_source text,
  lead uuid default null,
  lead_token_hash text default null,
  booking_id uuid default null
)
returns table (id uuid, lead_id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer)
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
  select * into times from private.call_times(start_at);
  insert into public.call_bookings as b
    (id, lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source, manage_token_hash)
  values
    (coalesce(booking_id, gen_random_uuid()), booked_for, start_at, times.ends_at, times.buffer_before_minutes, times.buffer_after_minutes, times.blocked,
     visitor_time_zone, booking_source, manage_token_hash)
  returning b.* into booking;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence;
end;
$$;

-- The live call of a manage token, locked for a change: booked and not over, else CL003.
create function private.live_call(token_hash text)
returns public.call_bookings
language plpgsql
volatile
set search_path = ''
as $$
declare
  booking public.call_bookings;
begin
  select * into booking from public.call_bookings b
   where b.manage_token_hash = token_hash and b.status = 'booked' and b.ends_at > now()
     for update;
  if booking.id is null then
    raise exception 'This link is no longer valid.' using errcode = 'CL003';
  end if;
  return booking;
end;
$$;

revoke all on function private.live_call(text) from public, anon, authenticated;

-- Moves the call of `token_hash` to `start_at`: the same row, its sequence raised, its blocked range
-- recomputed (the exclusion constraint still decides).
create function public.reschedule_call(token_hash text, start_at timestamptz, visitor_time_zone text)
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
  if start_at is null or start_at <= now() then
    raise exception 'That time has passed.' using errcode = 'CL004';
  end if;
  if not private.is_time_zone(visitor_time_zone) then
    raise exception 'Unknown time zone.' using errcode = 'invalid_parameter_value';
  end if;
  perform private.claim_call_day(start_at, booking.id);
  select * into times from private.call_times(start_at);
  update public.call_bookings b
     set starts_at = start_at, ends_at = times.ends_at, buffer_before_minutes = times.buffer_before_minutes,
         buffer_after_minutes = times.buffer_after_minutes, blocked = times.blocked,
         visitor_time_zone = reschedule_call.visitor_time_zone
   where b.id = booking.id
  returning b.* into booking;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence;
end;
$$;

-- Cancels the call of `token_hash`, with the visitor's note if any; its time is free again.
create function public.cancel_call(token_hash text, note text default null)
returns table (id uuid, lead_id uuid, starts_at timestamptz, ends_at timestamptz, status text, sequence integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.call_bookings := private.live_call(token_hash);
begin
  update public.call_bookings b
     set status = 'cancelled', cancel_note = nullif(btrim(left(note, 1000)), '')
   where b.id = booking.id
  returning b.* into booking;
  return query select booking.id, booking.lead_id, booking.starts_at, booking.ends_at, booking.status, booking.sequence;
end;
$$;

-- The live call of a manage token (booked, not over), with whom it is for (the manage page and the
-- invitation greet them); no row for an unknown, cancelled or past one.
create function public.call_by_token(token_hash text)
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
   where b.manage_token_hash = token_hash and b.status = 'booked' and b.ends_at > now()
$$;

revoke all on function public.call_availability() from public, anon, authenticated;
revoke all on function public.booked_call_ranges(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.issue_call_lead_token(uuid, text) from public, anon, authenticated;
revoke all on function public.book_call(timestamptz, text, text, text, uuid, text, uuid) from public, anon, authenticated;
revoke all on function public.reschedule_call(text, timestamptz, text) from public, anon, authenticated;
revoke all on function public.cancel_call(text, text) from public, anon, authenticated;
revoke all on function public.call_by_token(text) from public, anon, authenticated;
grant execute on function public.call_availability() to service_role;
grant execute on function public.booked_call_ranges(timestamptz, timestamptz) to service_role;
grant execute on function public.issue_call_lead_token(uuid, text) to service_role;
grant execute on function public.book_call(timestamptz, text, text, text, uuid, text, uuid) to service_role;
grant execute on function public.reschedule_call(text, timestamptz, text) to service_role;
grant execute on function public.cancel_call(text, text) to service_role;
grant execute on function public.call_by_token(text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security: admins read every table and edit the availability and a
-- call's status (completed, no-show, cancelled); nobody else reads or writes any of it
-- ---------------------------------------------------------------------------------------------
revoke all on table public.call_settings, public.call_weekly_hours, public.call_days_off, public.call_bookings,
  public.call_messages from anon, authenticated;

grant select, update on table public.call_settings to authenticated;
grant select, insert, update, delete on table public.call_weekly_hours, public.call_days_off to authenticated;
grant select on table public.call_bookings, public.call_messages to authenticated;
grant update (status, cancel_note) on table public.call_bookings to authenticated;

alter table public.call_settings enable row level security;
alter table public.call_weekly_hours enable row level security;
alter table public.call_days_off enable row level security;
alter table public.call_bookings enable row level security;
alter table public.call_messages enable row level security;

create policy "Admins read and change the call settings"
  on public.call_settings for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins edit the weekly hours"
  on public.call_weekly_hours for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins edit the days off"
  on public.call_days_off for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins read and mark calls"
  on public.call_bookings for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins read call messages"
  on public.call_messages for select
  to authenticated
  using ((select private.is_admin()));

create policy "A second factor, once enrolled, is required for the call settings"
  on public.call_settings as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for the weekly hours"
  on public.call_weekly_hours as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for the days off"
  on public.call_days_off as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for calls"
  on public.call_bookings as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for call messages"
  on public.call_messages as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
