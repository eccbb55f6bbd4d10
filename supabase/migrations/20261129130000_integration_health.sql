-- Outside services whose failures the team sees (issue 43). Google refuses a refresh token after
-- 7 days while its OAuth app is in "Testing", and until now the failure showed only in the
-- function's log: the calendar's busy times were silently ignored.
--
-- integration_health: one row per outside service the product talks to, written only by the
-- server (the outbox run, the calls function's free/busy read) through record_integration_health,
-- read by Owner and Administrators. `configured` depends on the server's environment, which the
-- database cannot know: each outbox run records it.
--
-- A token refused as invalid (invalid_grant, a 401 after a refresh) marks the service
-- needs_reconnect and queues one e-mail to the Owner in team_notices (an outbox of its own, sent by
-- the same run); the mark and reconnect_notified_at clear on the service's next success, so the next
-- refusal e-mails again, once.

create table public.integration_health (
  service text primary key constraint integration_health_service_check
    check (service in ('smtp', 'whatsapp', 'meta', 'google_ads', 'google_calendar', 'newsletter', 'crm_webhook')),
  configured boolean not null default false,
  -- When a server run last said whether it is configured (null: never, e.g. the outbox never ran).
  configured_seen_at timestamptz,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_failure_message text constraint integration_health_message_check check (char_length(last_failure_message) <= 500),
  needs_reconnect boolean not null default false,
  reconnect_notified_at timestamptz,
  updated_at timestamptz not null default now()
);

insert into public.integration_health (service)
values ('smtp'), ('whatsapp'), ('meta'), ('google_ads'), ('google_calendar'), ('newsletter'), ('crm_webhook');

comment on table public.integration_health is
  'Each outside service: configured (as the server last saw it), last success, last failure, needs reconnecting. Written by the server only.';

alter table public.integration_health enable row level security;
revoke all on table public.integration_health from anon, authenticated;
grant select on table public.integration_health to authenticated;
create policy "Owner and Administrators read the integrations' health" on public.integration_health
  for select to authenticated using ((select private.is_admin()));
create policy "A second factor, once enrolled, is required for the integrations' health"
  on public.integration_health as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- The team's notices: e-mails to the Owner about a service (today: "reconnect Google Calendar").
-- An outbox like lead_messages, claimed and finished by the server's run; the idempotency key
-- makes a notice queued twice one row.
-- ---------------------------------------------------------------------------------------------
create table public.team_notices (
  id bigint generated always as identity primary key,
  kind text not null constraint team_notices_kind_check check (kind in ('reconnect')),
  service text not null references public.integration_health (service),
  idempotency_key text not null constraint team_notices_key_check check (char_length(idempotency_key) <= 200),
  recipient text constraint team_notices_recipient_check check (char_length(recipient) <= 1000),
  -- The failure that caused it, for the e-mail's body.
  detail text constraint team_notices_detail_check check (char_length(detail) <= 500),
  status text not null default 'waiting'
    constraint team_notices_status_check check (status in ('waiting', 'delivered', 'skipped', 'failed')),
  skip_reason text constraint team_notices_skip_reason_check check (skip_reason in ('not_configured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text constraint team_notices_last_error_check check (char_length(last_error) <= 1000),
  response jsonb constraint team_notices_response_check check (pg_column_size(response) <= 8192),
  message_id text constraint team_notices_message_id_check check (char_length(message_id) <= 1000),
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint team_notices_once unique (idempotency_key),
  constraint team_notices_skip_check check ((status = 'skipped') = (skip_reason is not null))
);

create index team_notices_due_idx on public.team_notices (next_attempt_at) where status = 'waiting';
create index team_notices_service_idx on public.team_notices (service);

alter table public.team_notices enable row level security;
revoke all on table public.team_notices from anon, authenticated;
grant select on table public.team_notices to authenticated;
create policy "Owner and Administrators read the team's notices" on public.team_notices
  for select to authenticated using ((select private.is_admin()));
create policy "A second factor, once enrolled, is required for the team's notices"
  on public.team_notices as restrictive for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- The server's one write: which services are configured (a jsonb object, service → boolean; null
-- leaves it) and the outcomes it saw, in order (a jsonb array of { service, ok, at, message,
-- reconnect }). One call per run. Answers how many reconnect notices it queued.
-- ---------------------------------------------------------------------------------------------
create function public.record_integration_health(configured_services jsonb default null, outcomes jsonb default '[]'::jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  outcome jsonb;
  seen_at timestamptz;
  marked public.integration_health;
  owner_email text;
  queued integer := 0;
begin
  if configured_services is not null and jsonb_typeof(configured_services) = 'object' then
    update public.integration_health h
       set configured = (configured_services ->> h.service)::boolean, configured_seen_at = now(), updated_at = now()
     where configured_services ? h.service and jsonb_typeof(configured_services -> h.service) = 'boolean';
  end if;
  if outcomes is null or jsonb_typeof(outcomes) <> 'array' then
    return 0;
  end if;
  for outcome in select value from jsonb_array_elements(outcomes) limit 200 loop
    seen_at := least(coalesce((outcome ->> 'at')::timestamptz, now()), now());
    if (outcome ->> 'ok')::boolean then
      -- A success clears the mark: the next refusal e-mails the Owner again.
      update public.integration_health h
         set last_success_at = greatest(h.last_success_at, seen_at),
             needs_reconnect = false, reconnect_notified_at = null, updated_at = now()
       where h.service = outcome ->> 'service';
    else
      update public.integration_health h
         set last_failure_at = greatest(h.last_failure_at, seen_at),
             last_failure_message = case when h.last_failure_at is null or seen_at >= h.last_failure_at
                                         then left(coalesce(outcome ->> 'message', 'Failed.'), 500)
                                         else h.last_failure_message end,
             needs_reconnect = h.needs_reconnect or coalesce((outcome ->> 'reconnect')::boolean, false),
             updated_at = now()
       where h.service = outcome ->> 'service';
      if coalesce((outcome ->> 'reconnect')::boolean, false) then
        -- Once: only the run that sets reconnect_notified_at queues the e-mail (the row's lock
        -- makes two runs at once agree), and the key makes a repeat one row.
        update public.integration_health h
           set reconnect_notified_at = now()
         where h.service = outcome ->> 'service' and h.reconnect_notified_at is null
        returning h.* into marked;
        if marked.service is not null then
          select u.email::text into owner_email
            from public.admins a join auth.users u on u.id = a.user_id
           where a.role = 'owner'
           limit 1;
          insert into public.team_notices (kind, service, idempotency_key, recipient, detail)
          values ('reconnect', marked.service,
                  'reconnect:' || marked.service || ':' || to_char(marked.reconnect_notified_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS.US'),
                  owner_email, left(marked.last_failure_message, 500))
          on conflict (idempotency_key) do nothing;
          queued := queued + 1;
        end if;
        marked := null;
      end if;
    end if;
  end loop;
  return queued;
end;
$$;

create function public.claim_team_notices(max_rows integer default 20)
returns table (id bigint, kind text, service text, recipient text, detail text, attempts integer, claim_token uuid, response jsonb)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select n.id
      from public.team_notices n
     where n.status = 'waiting'
       and n.next_attempt_at <= now()
       and (n.claimed_until is null or n.claimed_until < now())
     order by n.next_attempt_at, n.id
     limit greatest(1, least(max_rows, 100))
       for update skip locked
  )
  update public.team_notices n
     set claimed_until = now() + interval '2 minutes', claim_token = gen_random_uuid(), attempts = n.attempts + 1, updated_at = now()
    from due
   where n.id = due.id
  returning n.id, n.kind, n.service, n.recipient, n.detail, n.attempts, n.claim_token, n.response
$$;

-- The same arguments as finish_lead_message (src/server/messages/outcome.ts's finishArgs).
create function public.finish_team_notice(
  message bigint, token uuid, outcome text, detail text default null, provider_response jsonb default null,
  retry_at timestamptz default null, sent_to text default null, sent_message_id text default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  finished bigint;
begin
  update public.team_notices n
     set status = case outcome when 'retry' then 'waiting' else outcome end,
         skip_reason = case when outcome = 'skipped' then finish_team_notice.detail end,
         last_error = case when outcome in ('retry', 'failed') then left(finish_team_notice.detail, 1000) when outcome = 'delivered' then null else n.last_error end,
         response = coalesce(provider_response, n.response),
         next_attempt_at = case when outcome = 'retry' then coalesce(retry_at, now() + interval '5 minutes') end,
         delivered_at = case when outcome = 'delivered' then now() end,
         recipient = coalesce(left(sent_to, 1000), n.recipient),
         message_id = coalesce(left(sent_message_id, 1000), n.message_id),
         claimed_until = null,
         claim_token = null,
         updated_at = now()
   where n.id = message and n.claim_token = token and n.status = 'waiting'
     and outcome in ('delivered', 'retry', 'failed', 'skipped')
  returning n.id into finished;
  return finished is not null;
end;
$$;

revoke all on function public.record_integration_health(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.claim_team_notices(integer) from public, anon, authenticated;
revoke all on function public.finish_team_notice(bigint, uuid, text, text, jsonb, timestamptz, text, text) from public, anon, authenticated;
grant execute on function public.record_integration_health(jsonb, jsonb) to service_role;
grant execute on function public.claim_team_notices(integer) to service_role;
grant execute on function public.finish_team_notice(bigint, uuid, text, text, jsonb, timestamptz, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The Integrations screen's read: each service's health with its outbox rows waiting or failed
-- (conversion_events: meta, google; lead_messages: e-mail, WhatsApp, the webhook; call_messages:
-- the calendar's events and e-mails; team_notices: e-mail), and the latest failed rows' errors.
-- Owner and Administrators only: anyone else is refused (42501). The privileged part in
-- `private`, the API's name a SECURITY INVOKER wrapper, as for team_members.
-- ---------------------------------------------------------------------------------------------
create function private.integration_status()
returns table (
  service text, configured boolean, configured_seen_at timestamptz, last_success_at timestamptz,
  last_failure_at timestamptz, last_failure_message text, needs_reconnect boolean,
  reconnect_notified_at timestamptz, waiting bigint, failed bigint, recent_failures jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators see the integrations.' using errcode = '42501';
  end if;
  return query
  with pending as (
    select case c.platform when 'google' then 'google_ads' else c.platform end as service,
           c.status, c.last_error, c.updated_at
      from public.conversion_events c where c.status in ('waiting', 'failed')
    union all
    select case m.channel when 'whatsapp' then 'whatsapp' when 'webhook' then 'crm_webhook' else 'smtp' end,
           m.status, m.last_error, m.updated_at
      from public.lead_messages m where m.status in ('waiting', 'failed')
    union all
    select case when m.kind = 'calendar_event' then 'google_calendar' else 'smtp' end,
           m.status, m.last_error, m.updated_at
      from public.call_messages m where m.status in ('waiting', 'failed')
    union all
    select 'smtp', n.status, n.last_error, n.updated_at
      from public.team_notices n where n.status in ('waiting', 'failed')
  ), counts as (
    select r.service,
           count(*) filter (where r.status = 'waiting') as waiting,
           count(*) filter (where r.status = 'failed') as failed
      from pending r group by r.service
  )
  select h.service, h.configured, h.configured_seen_at, h.last_success_at, h.last_failure_at,
         h.last_failure_message, h.needs_reconnect, h.reconnect_notified_at,
         coalesce(c.waiting, 0), coalesce(c.failed, 0),
         coalesce((select jsonb_agg(jsonb_build_object('at', f.updated_at, 'error', left(f.last_error, 300)) order by f.updated_at desc)
                     from (select r.updated_at, r.last_error from pending r
                            where r.service = h.service and r.status = 'failed'
                            order by r.updated_at desc limit 3) f), '[]'::jsonb)
    from public.integration_health h
    left join counts c on c.service = h.service
   order by array_position(array['smtp', 'whatsapp', 'meta', 'google_ads', 'google_calendar', 'newsletter', 'crm_webhook'], h.service);
end;
$$;

revoke all on function private.integration_status() from public, anon;
grant execute on function private.integration_status() to authenticated;

create function public.integration_status()
returns table (
  service text, configured boolean, configured_seen_at timestamptz, last_success_at timestamptz,
  last_failure_at timestamptz, last_failure_message text, needs_reconnect boolean,
  reconnect_notified_at timestamptz, waiting bigint, failed bigint, recent_failures jsonb
)
language sql stable security invoker set search_path = ''
as $$ select * from private.integration_status() $$;

revoke all on function public.integration_status() from public, anon;
grant execute on function public.integration_status() to authenticated;
