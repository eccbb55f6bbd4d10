-- The money reaches the lead, the ad platforms and the Campaigns page (issue 46). Applies unchanged to
-- a hosted project.
--
-- * The `purchase` conversion: every counted payment (never a flagged one) queues one row per
--   platform in public.conversion_events, in the payment's own transaction (a trigger on
--   public.payments, so record_payment is untouched), carrying the amount paid in major units and its
--   currency, under the lead's consent and identifiers exactly as the other events are
--   (private.conversion_skip_reason: skipped 'no_consent' without it). A lead may pay several times,
--   so a purchase row names its payment (payment_id), and the outbox's once-rule becomes "once per
--   lead, platform, event and payment", with NULLS NOT DISTINCT so that the other events, which have
--   no payment, stay once per lead: private.queue_conversions' ON CONFLICT ON CONSTRAINT
--   conversion_events_once keeps its meaning. A unique (payment_id, platform) says the rule outright
--   and is the foreign key's index. A refund un-sends nothing: the platforms were told of the money
--   that arrived, and the row stays as it was.
-- * claim_conversion_events also gives the row's payment and the amount paid in minor units, so the
--   dispatcher sends Meta's `Purchase` and Google's purchase action with what was paid.
-- * public.lead_payment_totals: what each lead paid, per currency (counted payments, refunds of them,
--   and what is left collected), read as the caller: the lead team (at aal2 where required) reads it,
--   anyone else nothing. One definition of "collected", read by the lead's page and by the report.
-- * campaign_report gains proposals_sent and proposals_accepted, and public.campaign_revenue gives
--   each line's revenue collected per currency, never adding naira to dollars. Both follow the report's
--   cohort: the leads received in the period, with what they have done to date.

-- ---------------------------------------------------------------------------------------------
-- The outbox: one purchase row per payment and platform
-- ---------------------------------------------------------------------------------------------
alter table public.conversion_events
  add column payment_id uuid references public.payments (id) on delete restrict;

alter table public.conversion_events drop constraint conversion_events_event_check;
alter table public.conversion_events
  add constraint conversion_events_event_check check (event in ('lead', 'qualified', 'scheduled', 'purchase')),
  add constraint conversion_events_payment_check check ((event = 'purchase') = (payment_id is not null));

alter table public.conversion_events
  drop constraint conversion_events_once,
  add constraint conversion_events_once unique nulls not distinct (lead_id, platform, event, payment_id);

create unique index conversion_events_payment_platform_key
  on public.conversion_events (payment_id, platform) where payment_id is not null;

-- Queues the purchase of a counted payment for each platform: its value in major units (a payment's
-- currency is one a request may ask, NGN or USD, both with 100 minor units to the major one), at the
-- time it was paid (never ahead of the clock, which the platforms refuse). Security definer: Paystack
-- reaches the database through the service role's functions, and nobody may write the outbox itself.
create function private.queue_purchase_conversions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.leads;
begin
  if new.status <> 'counted' or (tg_op = 'UPDATE' and old.status = 'counted') then
    return null;
  end if;
  select l.* into lead from public.proposals p join public.leads l on l.id = p.lead_id where p.id = new.proposal_id;
  if lead.id is null then
    return null;
  end if;
  insert into public.conversion_events
    (lead_id, platform, event, payment_id, event_time, status, skip_reason, next_attempt_at, value, currency)
  select lead.id, p.platform, 'purchase', new.id, least(new.paid_at, now()),
         case when r.reason is null then 'waiting' else 'skipped' end,
         r.reason,
         case when r.reason is null then now() end,
         new.amount_minor::numeric / 100,
         new.currency
    from (values ('meta'), ('google')) as p (platform)
   cross join lateral (select private.conversion_skip_reason(lead, p.platform) as reason) as r
      on conflict on constraint conversion_events_once do nothing;
  return null;
end;
$$;

revoke all on function private.queue_purchase_conversions() from public, anon, authenticated;

-- On insert, and should a flagged payment ever be counted after all; the once-rule makes a repeat nothing.
create trigger payments_queue_purchase_conversions
  after insert or update of status on public.payments
  for each row execute function private.queue_purchase_conversions();

-- As 20261124200000_conversions.sql wrote it, with the purchase's payment and amount paid (minor
-- units) and currency at the end; null for the other events. A result type cannot change in place.
drop function public.claim_conversion_events(integer, uuid);

create function public.claim_conversion_events(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, lead_id uuid, platform text, event text, event_time timestamptz, attempts integer, claim_token uuid,
  email text, phone text, first_touch jsonb, latest_touch jsonb, ad_user_data boolean, ad_personalization boolean,
  fbp text, client_ip text, client_user_agent text, service text, web_package text, crm_package text, ad_package text,
  lead_status text, payment_id uuid, paid_minor bigint, paid_currency text
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
         l.status, c.payment_id, pay.amount_minor, pay.currency
    from claimed c
    join public.leads l on l.id = c.lead_id
    left join public.payments pay on pay.id = c.payment_id
   order by c.id
$$;

revoke all on function public.claim_conversion_events(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_conversion_events(integer, uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- What each lead paid, per currency
-- ---------------------------------------------------------------------------------------------
-- Counted payments only (a flagged one was not asked for and is refunded, not kept), less what was
-- refunded of them, as private.proposal_paid counts a proposal's. Runs as the caller, so the policies
-- of payments, proposals and refunds decide who sees anything.
create view public.lead_payment_totals
  with (security_invoker = true)
as
  select pr.lead_id,
         pay.currency,
         count(*)::integer as payments,
         sum(pay.amount_minor)::bigint as paid_minor,
         coalesce(sum(back.refunded), 0)::bigint as refunded_minor,
         (sum(pay.amount_minor) - coalesce(sum(back.refunded), 0))::bigint as collected_minor
    from public.payments pay
    join public.proposals pr on pr.id = pay.proposal_id
    left join lateral (
      select sum(r.amount_minor) as refunded from public.payment_refunds r where r.payment_id = pay.id
    ) as back on true
   where pay.status = 'counted'
   group by pr.lead_id, pay.currency;

revoke all on table public.lead_payment_totals from anon, authenticated;
grant select on table public.lead_payment_totals to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The Campaigns report: proposals and revenue
-- ---------------------------------------------------------------------------------------------
-- As 20261125100000_lead_messages.sql wrote it, with the line's proposals sent (sent at least once,
-- whatever became of them) and accepted, counted over the proposals of the period's leads.
drop function public.campaign_report(timestamptz, timestamptz);

create function public.campaign_report(from_time timestamptz, to_time timestamptz)
returns table (
  source text, medium text, campaign text, leads integer, qualified integer, won integer,
  events_delivered integer, events_failed integer, median_response_seconds integer,
  proposals_sent integer, proposals_accepted integer
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
  ), proposals as (
    select pr.lead_id,
           count(*) filter (where pr.sent_at is not null) as sent,
           count(*) filter (where pr.accepted_at is not null) as accepted
      from public.proposals pr
     where pr.lead_id in (select id from period)
     group by pr.lead_id
  )
  select p.source, p.medium, p.campaign,
         count(*)::integer,
         count(*) filter (where p.status in ('qualified', 'won'))::integer,
         count(*) filter (where p.status = 'won')::integer,
         coalesce(sum(ev.delivered), 0)::integer,
         coalesce(sum(ev.failed), 0)::integer,
         (percentile_cont(0.5) within group (order by p.response_seconds))::integer,
         coalesce(sum(pr.sent), 0)::integer,
         coalesce(sum(pr.accepted), 0)::integer
    from period p
    left join events ev on ev.lead_id = p.id
    left join proposals pr on pr.lead_id = p.id
   group by p.source, p.medium, p.campaign
   order by count(*) desc, p.source, p.medium, p.campaign
$$;

revoke all on function public.campaign_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_report(timestamptz, timestamptz) to authenticated;

-- Each line's revenue collected to date per currency (lead_payment_totals' collected: counted
-- payments less refunds) from the leads received in [from_time, to_time), grouped as campaign_report
-- groups them; one row per line and currency that took a counted payment. Naira and dollars are
-- never added together: the page shows and totals each currency on its own.
create function public.campaign_revenue(from_time timestamptz, to_time timestamptz)
returns table (source text, medium text, campaign text, currency text, collected_minor bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select l.source,
         lower(coalesce(nullif(btrim(l.first_touch ->> 'utm_medium'), ''), nullif(btrim(l.latest_touch ->> 'utm_medium'), ''), '(none)')),
         coalesce(l.campaign, '(none)'),
         t.currency,
         sum(t.collected_minor)::bigint
    from public.leads l
    join public.lead_payment_totals t on t.lead_id = l.id
   where l.created_at >= from_time and l.created_at < to_time
   group by 1, 2, 3, 4
   order by 1, 2, 3, 4
$$;

revoke all on function public.campaign_revenue(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_revenue(timestamptz, timestamptz) to authenticated;
