-- Ad conversions: the visitor's consent stored with each lead, and an outbox of events for Meta's
-- Conversions API and Google Ads, written by triggers in the same transaction as the lead or its
-- status change. A server function (src/server/conversions/dispatcher.ts) sends due rows and records
-- each outcome here. Applies unchanged to a hosted project.

-- ---------------------------------------------------------------------------------------------
-- Consent and what the Meta event needs that the lead did not keep yet
-- ---------------------------------------------------------------------------------------------
alter table public.leads
  add column ad_user_data boolean not null default false,
  add column ad_personalization boolean not null default false,
  add column consent_given_at timestamptz,
  -- Meta's browser id (`_fbp`), the client's address and user agent: sent to Meta with the Lead
  -- event, so kept only when the visitor accepted measurement (see lead_consent_scope below).
  add column fbp text constraint leads_fbp_check check (fbp ~ '^fb\.1\.[0-9]{13}\.[0-9]{1,20}$'),
  add column client_ip inet,
  add column client_user_agent text constraint leads_client_user_agent_check check (char_length(client_user_agent) <= 512),
  add constraint leads_consent_given_at_check check (not (ad_user_data or ad_personalization) or consent_given_at is not null);

-- Without consent to measurement nothing that identifies the browser is stored, whatever an insert
-- says; a choice dated in the future is not believed.
create function private.lead_consent_scope()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.consent_given_at > now() + interval '1 minute' then
    new.ad_user_data := false;
    new.ad_personalization := false;
    new.consent_given_at := null;
  end if;
  if not new.ad_user_data then
    new.fbp := null;
    new.client_ip := null;
    new.client_user_agent := null;
  end if;
  return new;
end;
$$;

revoke all on function private.lead_consent_scope() from public;

create trigger leads_consent_scope
  before insert on public.leads
  for each row execute function private.lead_consent_scope();

-- ---------------------------------------------------------------------------------------------
-- The outbox: one row per lead, platform and event
-- ---------------------------------------------------------------------------------------------
create table public.conversion_events (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  platform text not null constraint conversion_events_platform_check check (platform in ('meta', 'google')),
  -- 'lead': the enquiry; 'qualified': the admin moved the lead to qualified or won (once per lead).
  event text not null constraint conversion_events_event_check check (event in ('lead', 'qualified')),
  event_time timestamptz not null,
  status text not null default 'waiting'
    constraint conversion_events_status_check check (status in ('waiting', 'delivered', 'skipped', 'failed')),
  skip_reason text constraint conversion_events_skip_reason_check check (skip_reason in ('no_consent', 'no_identifiers', 'not_configured')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  -- A dispatcher that claims a row holds it until then; a crashed one lets it go.
  claimed_until timestamptz,
  claim_token uuid,
  last_error text constraint conversion_events_last_error_check check (char_length(last_error) <= 1000),
  response jsonb constraint conversion_events_response_check check (pg_column_size(response) <= 8192),
  delivered_at timestamptz,
  value numeric(14, 2),
  currency text constraint conversion_events_currency_check check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversion_events_once unique (lead_id, platform, event),
  constraint conversion_events_skip_check check ((status = 'skipped') = (skip_reason is not null))
);

create index conversion_events_due_idx on public.conversion_events (next_attempt_at) where status = 'waiting';

-- Why a platform cannot receive this lead's event, or null when it can. Configuration is known only
-- to the server, so 'not_configured' is decided by the dispatcher.
create function private.conversion_skip_reason(lead public.leads, platform text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when not lead.ad_user_data then 'no_consent'
    when platform = 'google'
         and coalesce(lead.first_touch ->> 'gclid', lead.latest_touch ->> 'gclid', '') = ''
         and coalesce(btrim(lead.email), '') = '' then 'no_identifiers'
    when platform = 'meta'
         and coalesce(lead.first_touch ->> 'fbclid', lead.latest_touch ->> 'fbclid', lead.fbp, '') = ''
         and coalesce(btrim(lead.email), '') = '' and coalesce(btrim(lead.phone), '') = '' then 'no_identifiers'
  end
$$;

revoke all on function private.conversion_skip_reason(public.leads, text) from public;

create function private.queue_conversions(lead public.leads, event text, event_time timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.conversion_events (lead_id, platform, event, event_time, status, skip_reason, next_attempt_at)
  select lead.id, p.platform, event, event_time,
         case when r.reason is null then 'waiting' else 'skipped' end,
         r.reason,
         case when r.reason is null then now() end
    from (values ('meta'), ('google')) as p (platform)
   cross join lateral (select private.conversion_skip_reason(lead, p.platform) as reason) as r
      on conflict on constraint conversion_events_once do nothing
$$;

revoke all on function private.queue_conversions(public.leads, text, timestamptz) from public;

-- Security definer: the visitor (anon) who stores a lead and the admin who changes its status may
-- not write the outbox themselves.
create function private.queue_lead_conversions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.queue_conversions(new, 'lead', new.created_at);
  elsif new.status in ('qualified', 'won') and old.status not in ('qualified', 'won') then
    perform private.queue_conversions(new, 'qualified', now());
  end if;
  return null;
end;
$$;

revoke all on function private.queue_lead_conversions() from public;

create trigger leads_queue_conversions
  after insert or update of status on public.leads
  for each row execute function private.queue_lead_conversions();

-- ---------------------------------------------------------------------------------------------
-- The dispatcher's two calls (service role only: no user is present when the cron job runs)
-- ---------------------------------------------------------------------------------------------

-- Claims due rows for one run (optionally one lead's), holding each for two minutes so that two
-- dispatchers running at once never send the same row; returns what the send needs.
create function public.claim_conversion_events(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, lead_id uuid, platform text, event text, event_time timestamptz, attempts integer, claim_token uuid,
  email text, phone text, first_touch jsonb, latest_touch jsonb, ad_user_data boolean, ad_personalization boolean,
  fbp text, client_ip text, client_user_agent text, service text, web_package text, crm_package text, ad_package text,
  lead_status text
)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select e.id
      from public.conversion_events e
     where e.status = 'waiting'
       and e.next_attempt_at <= now()
       and (e.claimed_until is null or e.claimed_until < now())
       and (only_lead is null or e.lead_id = only_lead)
     order by e.next_attempt_at, e.id
     limit greatest(1, least(max_rows, 100))
       for update skip locked
  ), claimed as (
    update public.conversion_events e
       set claimed_until = now() + interval '2 minutes', claim_token = gen_random_uuid(), attempts = e.attempts + 1, updated_at = now()
      from due
     where e.id = due.id
    returning e.*
  )
  select c.id, c.lead_id, c.platform, c.event, c.event_time, c.attempts, c.claim_token,
         l.email, l.phone, l.first_touch, l.latest_touch, l.ad_user_data, l.ad_personalization,
         l.fbp, host(l.client_ip), l.client_user_agent, l.service, l.web_package, l.crm_package, l.ad_package,
         l.status
    from claimed c join public.leads l on l.id = c.lead_id
   order by c.id
$$;

-- Records the outcome of a claimed row: 'delivered', 'retry' (waiting again at retry_at), 'failed'
-- or 'skipped' (detail: the reason). Only the holder of the claim may record it, once.
create function public.finish_conversion_event(
  event_id bigint, token uuid, outcome text, detail text default null, platform_response jsonb default null,
  retry_at timestamptz default null, sent_value numeric default null, sent_currency text default null
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with updated as (
    update public.conversion_events e
       set status = case outcome when 'retry' then 'waiting' else outcome end,
           skip_reason = case when outcome = 'skipped' then detail end,
           last_error = case when outcome in ('retry', 'failed') then left(detail, 1000) when outcome = 'delivered' then null else e.last_error end,
           response = coalesce(platform_response, e.response),
           next_attempt_at = case when outcome = 'retry' then coalesce(retry_at, now() + interval '5 minutes') end,
           delivered_at = case when outcome = 'delivered' then now() end,
           value = coalesce(sent_value, e.value),
           currency = coalesce(sent_currency, e.currency),
           claimed_until = null,
           claim_token = null,
           updated_at = now()
     where e.id = event_id and e.claim_token = token and e.status = 'waiting'
       and outcome in ('delivered', 'retry', 'failed', 'skipped')
    returning 1
  )
  select exists (select 1 from updated)
$$;

revoke all on function public.claim_conversion_events(integer, uuid) from public, anon, authenticated;
revoke all on function public.finish_conversion_event(bigint, uuid, text, text, jsonb, timestamptz, numeric, text) from public, anon, authenticated;
grant execute on function public.claim_conversion_events(integer, uuid) to service_role;
grant execute on function public.finish_conversion_event(bigint, uuid, text, text, jsonb, timestamptz, numeric, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The admin's Retry now: a failed row (or one skipped as not configured, once it is) waits again
-- ---------------------------------------------------------------------------------------------
create function public.retry_conversion_event(event_id bigint)
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
       and (select private.is_admin())
       and (e.status = 'failed' or (e.status = 'skipped' and e.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

revoke all on function public.retry_conversion_event(bigint) from public, anon;
grant execute on function public.retry_conversion_event(bigint) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The Campaigns report: leads by source, medium and campaign in a period, with their outcomes and
-- events. Runs with the caller's rights, so RLS shows admins everything and anyone else nothing.
-- ---------------------------------------------------------------------------------------------
create function public.campaign_report(from_time timestamptz, to_time timestamptz)
returns table (
  source text, medium text, campaign text, leads integer, qualified integer, won integer,
  events_delivered integer, events_failed integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (
    select l.id, l.status, l.source,
           lower(coalesce(nullif(btrim(l.first_touch ->> 'utm_medium'), ''), nullif(btrim(l.latest_touch ->> 'utm_medium'), ''), '(none)')) as medium,
           coalesce(l.campaign, '(none)') as campaign
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
         coalesce(sum(ev.failed), 0)::integer
    from period p left join events ev on ev.lead_id = p.id
   group by p.source, p.medium, p.campaign
   order by count(*) desc, p.source, p.medium, p.campaign
$$;

revoke all on function public.campaign_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_report(timestamptz, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security: admins read the outbox; nobody else reads or writes it
-- ---------------------------------------------------------------------------------------------
revoke all on table public.conversion_events from anon, authenticated;
grant select on table public.conversion_events to authenticated;

alter table public.conversion_events enable row level security;

create policy "Admins read conversion events"
  on public.conversion_events for select
  to authenticated
  using ((select private.is_admin()));
