-- Speed to lead: one door in for leads, an outbox of the messages a lead causes (the team's e-mail
-- and WhatsApp message, the visitor's instant reply, the reminder of an unanswered lead, the CRM
-- webhook), and the time to first response, measured by the database. Applies unchanged to a hosted
-- project.
--
-- ---------------------------------------------------------------------------------------------
-- The door: the contact function stores leads with the service-role key
-- ---------------------------------------------------------------------------------------------
-- Until now anon could insert into public.leads through the REST API, skipping the function's bot
-- checks, limits and validation; such a row could queue ad conversions, and with this migration it
-- would make the site e-mail any address. Anon's insert goes. Two ways were weighed for the
-- function's own way in:
--
-- * An RPC (security definer) that compares a secret sent by the function with one kept in a schema
--   the API does not expose. It confines what the function may do to that one RPC, but the secret
--   cannot come with a migration (every project needs its own), so each environment needs a manual
--   SQL step to store it and the same value in the function's settings; a forgotten or drifted step
--   refuses every lead, and rotating it takes two coordinated changes. It is a second secret doing
--   what the first already does.
-- * The service-role key, in the server functions alone. It is Supabase's documented way for trusted
--   server code, it is already a deployment setting (SUPABASE_SERVICE_ROLE_KEY: the conversions
--   dispatcher needs it, and the messages below cannot be sent without it), it never reaches the
--   browser (server-only setting, checked by the build budget test), and rotation is one setting.
--   Its breadth (it bypasses RLS) is bounded by what the function does with it: fixed PostgREST
--   calls with bound values, an insert with return=minimal and the rate limiter's RPC.
--
-- The service-role key is chosen. Without it a deployment cannot store leads: the function answers
-- 503 with a message that says so (and the rate limiter falls back to memory), never 500.
drop policy "Visitors leave a new lead" on public.leads;
revoke insert on table public.leads from anon, authenticated;
grant insert on table public.leads to service_role;

-- hit_rate_limit: anyone with the anon key could count hits under fresh keys with day-long windows
-- and grow the counters without bound. Only the server's functions call it, with the same key.
revoke all on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
revoke all on function private.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;
grant execute on function private.hit_rate_limit(text, integer, integer) to service_role;

-- The CRM webhook moves to the outbox below; the token that let the function record the single
-- inline forward is no longer written, and its anon-callable endpoint goes. leads.forwarded_at and
-- forward_error stay: the outbox's webhook row fills them when it finishes.
drop function public.record_lead_forward(uuid, uuid, boolean, text);
drop function private.record_lead_forward(uuid, uuid, boolean, text);

-- ---------------------------------------------------------------------------------------------
-- The time to first response: the first status change away from 'new' or the first note,
-- whichever comes first, recorded by the database and never changed after
-- ---------------------------------------------------------------------------------------------
alter table public.leads add column first_response_at timestamptz;

-- Leads answered before this migration: their first status change away from 'new' or first note.
update public.leads l
   set first_response_at = (
     select min(e.created_at) from public.lead_events e
      where e.lead_id = l.id and (e.kind = 'note' or (e.kind = 'status' and e.from_status = 'new'))
   );

-- Nobody writes it: on insert it is empty; on update it keeps its value once set, is set by the
-- first status change away from 'new', and otherwise may be set only from inside a trigger (the
-- first note's, below; pg_trigger_depth() > 1), never by a statement of a client, the service
-- role's included. Authenticated users have no column privilege on it either.
create function private.lead_first_response()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
  elsif old.first_response_at is not null then
    new.first_response_at := old.first_response_at;
  elsif old.status = 'new' and new.status is distinct from 'new' then
    new.first_response_at := now();
  elsif pg_trigger_depth() < 2 then
    new.first_response_at := null;
  end if;
  return new;
end;
$$;

revoke all on function private.lead_first_response() from public;

create trigger leads_first_response
  before insert or update on public.leads
  for each row execute function private.lead_first_response();

create function private.lead_note_first_response()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.leads l set first_response_at = new.created_at
   where l.id = new.lead_id and l.first_response_at is null;
  return null;
end;
$$;

revoke all on function private.lead_note_first_response() from public;

create trigger lead_events_first_response
  after insert on public.lead_events
  for each row when (new.kind = 'note')
  execute function private.lead_note_first_response();

create index leads_first_response_idx on public.leads (created_at) where status = 'new' and first_response_at is null;

-- ---------------------------------------------------------------------------------------------
-- The outbox of messages
-- ---------------------------------------------------------------------------------------------
-- A table of its own beside conversion_events rather than more rows there: the lifecycle is the
-- same (waiting -> delivered | skipped | failed, claims, attempts, backoff, Retry now) and one
-- dispatcher run sends both, but the rows differ: a message has a channel, a recipient, a message
-- id and its own reasons to be skipped, while conversion_events' platform/event pair, its once-per-
-- lead rule, its value and currency, and campaign_report's counts of "events" mean ad conversions.
-- Folding both into one table would loosen every check of the existing one and change the meaning
-- of the Campaigns report's figures.
--
-- kind: what the message is, one per lead at most (unique below), which also makes the reminder once:
--   team_email     the team's e-mail (recipients: LEADS_NOTIFY_EMAILS, a server setting)
--   team_whatsapp  the team's WhatsApp template message (WHATSAPP_NOTIFY_TO, a server setting)
--   visitor_reply  the visitor's instant reply (recipient: the lead's address)
--   reminder       the team's reminder of a lead still new after LEADS_REMINDER_MINUTES
--   webhook        the CRM webhook (LEADS_WEBHOOK_URL, a server setting)
-- Recipients that are settings are known only to the server, so the dispatcher decides
-- 'not_configured' for them, as it does for the ad platforms, and records whom it sent to.
create table public.lead_messages (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  kind text not null
    constraint lead_messages_kind_check check (kind in ('team_email', 'team_whatsapp', 'visitor_reply', 'reminder', 'webhook')),
  channel text generated always as (
    case kind when 'team_whatsapp' then 'whatsapp' when 'webhook' then 'webhook' else 'email' end
  ) stored,
  -- The visitor's address for a reply (written with the row); for the team's messages, whom the
  -- dispatcher sent to (comma separated), written when it finishes.
  recipient text constraint lead_messages_recipient_check check (char_length(recipient) <= 1000),
  status text not null default 'waiting'
    constraint lead_messages_status_check check (status in ('waiting', 'delivered', 'skipped', 'failed')),
  -- not_configured: the setting is missing; rate_limited: a reply went to this address within the
  -- hour; answered: the lead was no longer new when its reminder was due.
  skip_reason text constraint lead_messages_skip_reason_check check (skip_reason in ('not_configured', 'rate_limited', 'answered')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  claim_token uuid,
  last_error text constraint lead_messages_last_error_check check (char_length(last_error) <= 1000),
  response jsonb constraint lead_messages_response_check check (pg_column_size(response) <= 8192),
  -- The Message-ID of an e-mail, WhatsApp's message ids, the webhook's idempotency key: the same on
  -- every attempt (derived from the row's id), so a receiver can drop a repeat.
  message_id text constraint lead_messages_message_id_check check (char_length(message_id) <= 1000),
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint lead_messages_once unique (lead_id, kind),
  constraint lead_messages_skip_check check ((status = 'skipped') = (skip_reason is not null))
);

create index lead_messages_due_idx on public.lead_messages (next_attempt_at) where status = 'waiting';
create index lead_messages_replies_idx on public.lead_messages (recipient, created_at) where kind = 'visitor_reply' and status <> 'skipped';

-- The rows a new lead causes, in the lead's own transaction. Only the contact function can store a
-- lead (above), after its bot checks, limits and validation, so only such a lead causes messages.
-- The visitor's reply: at most one per address per hour, whatever the form's own limits; a second
-- within the hour is kept as skipped 'rate_limited'. The lock makes two leads stored at once for
-- the same address agree.
create function private.queue_lead_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(new.email));
  replied boolean;
begin
  perform pg_advisory_xact_lock(hashtextextended('lead_messages.visitor_reply:' || address, 0));
  select exists (
    select 1 from public.lead_messages m
     where m.kind = 'visitor_reply' and m.recipient = address and m.status <> 'skipped'
       and m.created_at > now() - interval '1 hour'
  ) into replied;

  insert into public.lead_messages (lead_id, kind, recipient, status, skip_reason, next_attempt_at)
  values (new.id, 'team_email', null, 'waiting', null, now()),
         (new.id, 'team_whatsapp', null, 'waiting', null, now()),
         (new.id, 'visitor_reply', address,
            case when replied then 'skipped' else 'waiting' end,
            case when replied then 'rate_limited' end,
            case when replied then null else now() end),
         (new.id, 'webhook', null, 'waiting', null, now());
  return null;
end;
$$;

revoke all on function private.queue_lead_messages() from public;

create trigger leads_queue_messages
  after insert on public.leads
  for each row execute function private.queue_lead_messages();

-- ---------------------------------------------------------------------------------------------
-- The dispatcher's calls (service role only)
-- ---------------------------------------------------------------------------------------------

-- Queues one reminder for each lead still new and unanswered `after_minutes` after it arrived
-- (plain minutes, not business hours: the team answers WhatsApp and e-mail out of hours, and a
-- reminder at 19:00 for a lead of 18:30 is what "no lead sits unanswered" asks for). Leads older
-- than two days are left alone, so deploying this (or a long outage of the schedule) does not
-- remind the team of every old lead at once. Returns how many were queued. Called by every
-- scheduled run of the dispatcher.
create function public.queue_lead_reminders(after_minutes integer default 30)
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
       and l.created_at <= now() - make_interval(mins => greatest(1, after_minutes))
       and l.created_at > now() - interval '2 days'
        on conflict on constraint lead_messages_once do nothing
    returning 1
  )
  select count(*)::integer from queued
$$;

-- Claims due rows for one run (optionally one lead's), each held for two minutes, so two dispatchers
-- running at once never send the same row; returns the row and what its message needs: the lead
-- (without its consent details or browser data) as JSON.
create function public.claim_lead_messages(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, lead_id uuid, kind text, recipient text, attempts integer, claim_token uuid, response jsonb,
  lead jsonb
)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select m.id
      from public.lead_messages m
     where m.status = 'waiting'
       and m.next_attempt_at <= now()
       and (m.claimed_until is null or m.claimed_until < now())
       and (only_lead is null or m.lead_id = only_lead)
     order by m.next_attempt_at, m.id
     limit greatest(1, least(max_rows, 100))
       for update skip locked
  ), claimed as (
    update public.lead_messages m
       set claimed_until = now() + interval '2 minutes', claim_token = gen_random_uuid(), attempts = m.attempts + 1, updated_at = now()
      from due
     where m.id = due.id
    returning m.*
  )
  select c.id, c.lead_id, c.kind, c.recipient, c.attempts, c.claim_token, c.response,
         to_jsonb(l) - array['forward_token', 'client_ip', 'client_user_agent', 'fbp', 'ad_user_data', 'ad_personalization', 'consent_given_at']
    from claimed c join public.leads l on l.id = c.lead_id
   order by c.id
$$;

-- Records the outcome of a claimed row: 'delivered', 'retry' (waiting again at retry_at), 'failed'
-- or 'skipped' (detail: the reason). Only the holder of the claim may record it, once. The
-- webhook's outcome is also written on the lead (forwarded_at, forward_error), as before.
create function public.finish_lead_message(
  message bigint, token uuid, outcome text, detail text default null, provider_response jsonb default null,
  retry_at timestamptz default null, sent_to text default null, sent_message_id text default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  finished public.lead_messages;
begin
  update public.lead_messages m
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
  returning m.* into finished;

  if finished.id is null then
    return false;
  end if;
  if finished.kind = 'webhook' and finished.status in ('delivered', 'failed') then
    update public.leads l
       set forwarded_at = case when finished.status = 'delivered' then now() end,
           forward_error = case when finished.status = 'failed' then left(coalesce(finished.last_error, 'The webhook did not accept the lead.'), 500) end
     where l.id = finished.lead_id;
  end if;
  return true;
end;
$$;

revoke all on function public.queue_lead_reminders(integer) from public, anon, authenticated;
revoke all on function public.claim_lead_messages(integer, uuid) from public, anon, authenticated;
revoke all on function public.finish_lead_message(bigint, uuid, text, text, jsonb, timestamptz, text, text) from public, anon, authenticated;
grant execute on function public.queue_lead_reminders(integer) to service_role;
grant execute on function public.claim_lead_messages(integer, uuid) to service_role;
grant execute on function public.finish_lead_message(bigint, uuid, text, text, jsonb, timestamptz, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The admin's Retry now: a failed row, or one skipped as not configured (once it is), waits again.
-- The privileged part in `private`, the API's name a SECURITY INVOKER wrapper (as for
-- retry_conversion_event); the admin check stays inside.
-- ---------------------------------------------------------------------------------------------
create function private.retry_lead_message(message bigint)
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
       and (select private.is_admin())
       and (m.status = 'failed' or (m.status = 'skipped' and m.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

revoke all on function private.retry_lead_message(bigint) from public, anon;
grant execute on function private.retry_lead_message(bigint) to authenticated;

create function public.retry_lead_message(message bigint)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.retry_lead_message(message)
$$;

revoke all on function public.retry_lead_message(bigint) from public, anon;
grant execute on function public.retry_lead_message(bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Reports of the response time. Both run with the caller's rights, so RLS shows admins every lead
-- and anyone else none; anon may not call them at all.
-- ---------------------------------------------------------------------------------------------

-- For leads that arrived in [from_time, to_time): how many, how many were answered, the median
-- seconds to the first response (of the answered ones), and the share answered within an hour. A
-- lead younger than an hour that is not answered yet is still undecided, so it counts in neither
-- part of that share.
create function public.lead_response_stats(from_time timestamptz, to_time timestamptz)
returns table (leads integer, answered integer, median_response_seconds integer, answered_within_hour integer, decided integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer,
         count(l.first_response_at)::integer,
         (percentile_cont(0.5) within group (order by extract(epoch from l.first_response_at - l.created_at)))::integer,
         count(*) filter (where l.first_response_at - l.created_at <= interval '1 hour')::integer,
         count(*) filter (where l.first_response_at is not null or l.created_at <= now() - interval '1 hour')::integer
    from public.leads l
   where l.created_at >= from_time and l.created_at < to_time
$$;

revoke all on function public.lead_response_stats(timestamptz, timestamptz) from public, anon;
grant execute on function public.lead_response_stats(timestamptz, timestamptz) to authenticated;

-- The Campaigns report with the median seconds to first response per campaign (null when none of
-- its leads has been answered yet). Same arguments; one more column at the end.
drop function public.campaign_report(timestamptz, timestamptz);

create function public.campaign_report(from_time timestamptz, to_time timestamptz)
returns table (
  source text, medium text, campaign text, leads integer, qualified integer, won integer,
  events_delivered integer, events_failed integer, median_response_seconds integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (
    select l.id, l.status, l.source,
           lower(coalesce(nullif(btrim(l.first_touch ->> 'utm_medium'), ''), nullif(btrim(l.latest_touch ->> 'utm_medium'), ''), '(none)')) as medium,
           coalesce(l.campaign, '(none)') as campaign,
           extract(epoch from l.first_response_at - l.created_at) as response_seconds
      from public.leads l
     where l.created_at >= from_time and l.created_at < to_time
  ), events as (
    select e.lead_id,
           count(*) filter (where e.status = 'delivered') as delivered,
           count(*) filter (where e.status = 'failed') as failed
      from public.conversion_events e
     where e.lead_id in (select id from period)
     group by e.lead_id
  )
  select p.source, p.medium, p.campaign,
         count(*)::integer,
         count(*) filter (where p.status in ('qualified', 'won'))::integer,
         count(*) filter (where p.status = 'won')::integer,
         coalesce(sum(ev.delivered), 0)::integer,
         coalesce(sum(ev.failed), 0)::integer,
         (percentile_cont(0.5) within group (order by p.response_seconds))::integer
    from period p left join events ev on ev.lead_id = p.id
   group by p.source, p.medium, p.campaign
   order by count(*) desc, p.source, p.medium, p.campaign
$$;

revoke all on function public.campaign_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_report(timestamptz, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security: admins read the outbox; nobody else reads or writes it
-- ---------------------------------------------------------------------------------------------
revoke all on table public.lead_messages from anon, authenticated;
grant select on table public.lead_messages to authenticated;

alter table public.lead_messages enable row level security;

create policy "Admins read lead messages"
  on public.lead_messages for select
  to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The schedule (deploy step, not applied here): Supabase Cron calls the dispatcher every minute.
-- See docs/ARCHITECTURE.md, "The outbox's schedule". pg_cron and pg_net are enabled per project
-- and the call carries the deployment's CRON_SECRET from Vault, neither of which a migration can
-- hold, so it is one documented SQL statement run once per project.
-- ---------------------------------------------------------------------------------------------
