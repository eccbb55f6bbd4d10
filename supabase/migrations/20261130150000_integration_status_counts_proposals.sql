-- The Integrations screen counts the proposals' e-mails too: public.proposal_messages
-- (20261130100000_proposal_messages.sql: the client's link, the acceptance with its PDF, receipts, the
-- balance and the retainer's notices) go over SMTP, and their rows waiting or failed, with the latest
-- errors, now show under SMTP beside the leads', calls' and team's. Otherwise as
-- 20261129130000_integration_health.sql wrote it: Owner and Administrators only (42501 for anyone
-- else); its grants stand, as `create or replace` keeps them.

create or replace function private.integration_status()
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
    union all
    select 'smtp', p.status, p.last_error, p.updated_at
      from public.proposal_messages p where p.status in ('waiting', 'failed')
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
