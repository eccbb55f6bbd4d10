-- What each naira of ads brought back (issue 47): ad spend imported from Meta and Google per campaign
-- and day, the campaign's id kept beside its name on every visit, and the report that joins spend to
-- the site's own visitors, leads, calls and payments. Applies unchanged to a hosted project.
--
-- * public.ad_spend: one row per platform, ad account, campaign and day, in the account currency's
--   minor unit (minor_digits says how many digits that is: 2 for naira and dollars, 0 for yen), with
--   impressions and clicks. Written only by public.import_ad_spend (service role): one call per
--   platform's import, one transaction, so a failed import writes nothing. The call replaces the
--   whole window it imported for that account: a restated day replaces the old figure, a campaign
--   the platform no longer reports on a day (its spend restated to nothing) is removed, and a row
--   whose figures did not change is not touched (imported_at stays), so running it twice changes
--   nothing.
-- * public.ad_spend_imports: each platform's last good import and last error, for the report's
--   "spend as of <date>"; public.claim_ad_spend_import lets the scheduled run import once a day and
--   retry a failure on a later run (no more than once an hour), public.record_ad_spend_failure
--   records why an import failed, leaving the last good figures as they were.
-- * public.exchange_rates: a rate per month that the agency sets for an account whose currency is not
--   the revenue's (1 unit of from_currency = rate units of to_currency, in major units).
-- * utm_id: the platform's campaign id (Meta's {{campaign.id}}, Google's {campaignid} in the URL
--   template) is kept on page views beside utm_campaign (the leads keep it in their touches, which
--   are JSON); page_view_daily gains an 'ad_campaign' dimension (utm_id, tab, utm_campaign) so the
--   report's visitors survive the rollup. The days rolled before this migration get that dimension
--   from their 'funnel' rows (by name only: no visit had an id yet).
-- * public.ad_campaign_report and public.ad_spend_weekly: the Campaigns page's spend, cost per lead,
--   call and client, and return on ad spend, computed here. They run as the caller: the roles that
--   read the Campaigns page (the lead team, who also read the site's traffic) see figures, anyone
--   else nothing.
--
-- Who reads: the roles with both works_leads and reads_site_traffic (Owner, Administrators, Sales),
-- at aal2 where the agency requires it, as the Campaigns page's other sources. anon reads nothing.
-- Who writes: spend and its import state only the service role's functions (the daily import);
-- exchange rates the members who manage the team (Owner, Administrators).

-- ---------------------------------------------------------------------------------------------
-- The campaign's id on a visit
-- ---------------------------------------------------------------------------------------------
alter table public.page_views
  add column utm_id text constraint page_views_utm_id_check check (char_length(utm_id) between 1 and 100 and utm_id !~ '[[:cntrl:]]');

drop function public.record_page_view(text, text, text, text, text, text, text, text, boolean, text, integer);

create function public.record_page_view(
  visitor text, kind text, path text, device text, referrer_host text default null,
  utm_source text default null, utm_medium text default null, utm_campaign text default null,
  has_click_id boolean default false, country text default null, viewport_width integer default null,
  utm_id text default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.page_views
    (visitor, kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign, has_click_id, country,
     viewport_width, utm_id)
  values
    (decode(visitor, 'hex'), kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign,
     coalesce(has_click_id, false), country, viewport_width::smallint, utm_id)
$$;

revoke all on function public.record_page_view(text, text, text, text, text, text, text, text, boolean, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_page_view(text, text, text, text, text, text, text, text, boolean, text, integer, text) to service_role;

alter table public.page_view_daily drop constraint page_view_daily_dimension_check;
alter table public.page_view_daily add constraint page_view_daily_dimension_check
  check (dimension in ('total', 'page', 'source', 'referrer', 'campaign', 'funnel', 'country', 'device', 'ad_campaign'));

-- As 20261125141000_traffic_facts_inline.sql wrote it, with one more grouping set: 'ad_campaign',
-- the visit's utm_id and utm_campaign (tab-separated, either may be empty), for visits with either.
-- Neither can hold a tab: page_views' checks refuse control characters.
create or replace function private.page_view_facts(from_time timestamptz, to_time timestamptz)
returns table (day date, dimension text, value text, visitors integer, views integer, intake integer)
language sql
stable
set search_path = ''
as $$
  with keyed as (
    select (v.created_at at time zone 'UTC')::date as day, v.visitor, v.kind, v.path,
           coalesce(v.utm_source, v.referrer_host, 'Direct') as source,
           v.referrer_host as referrer,
           case when coalesce(v.utm_source, v.utm_medium, v.utm_campaign) is not null then k.funnel end as campaign,
           k.funnel,
           coalesce(v.country, '') as country,
           v.device,
           case when v.utm_id is not null or nullif(btrim(v.utm_campaign), '') is not null
                then coalesce(btrim(v.utm_id), '') || E'\t' || coalesce(btrim(v.utm_campaign), '') end as ad_campaign
      from public.page_views v
      cross join lateral (
        select lower(left(coalesce(
                 nullif(btrim(v.utm_source), ''),
                 case when v.has_click_id and v.referrer_host ~ '(^|\.)google\.' then 'google'
                      when v.has_click_id and v.referrer_host ~ '(^|\.)(facebook|instagram|messenger|fb)\.' then 'facebook' end,
                 v.referrer_host,
                 'direct'), 80))
               || E'\t' || lower(coalesce(nullif(btrim(v.utm_medium), ''), '(none)'))
               || E'\t' || coalesce(nullif(btrim(v.utm_campaign), ''), '(none)') as funnel
      ) k
     where v.created_at >= from_time and v.created_at < to_time
  ), grouped as (
    select g.day,
           case when grouping(g.path) = 0 then 'page'
                when grouping(g.source) = 0 then 'source'
                when grouping(g.referrer) = 0 then 'referrer'
                when grouping(g.campaign) = 0 then 'campaign'
                when grouping(g.funnel) = 0 then 'funnel'
                when grouping(g.country) = 0 then 'country'
                when grouping(g.device) = 0 then 'device'
                when grouping(g.ad_campaign) = 0 then 'ad_campaign'
                else 'total' end as dimension,
           case when grouping(g.path) = 0 then g.path
                when grouping(g.source) = 0 then g.source
                when grouping(g.referrer) = 0 then g.referrer
                when grouping(g.campaign) = 0 then g.campaign
                when grouping(g.funnel) = 0 then g.funnel
                when grouping(g.country) = 0 then g.country
                when grouping(g.device) = 0 then g.device
                when grouping(g.ad_campaign) = 0 then g.ad_campaign
                else '' end as value,
           count(distinct g.visitor) filter (where g.kind = 'pageview')::integer as visitors,
           count(*) filter (where g.kind = 'pageview')::integer as views,
           count(*) filter (where g.kind = 'intake')::integer as intake
      from keyed g
     group by grouping sets ((g.day), (g.day, g.path), (g.day, g.source), (g.day, g.referrer), (g.day, g.campaign),
                             (g.day, g.funnel), (g.day, g.country), (g.day, g.device), (g.day, g.ad_campaign))
  )
  select gr.day, gr.dimension, gr.value, gr.visitors, gr.views, gr.intake
    from grouped gr
   where gr.value is not null
$$;

-- As 20261127140000_team_roles_fixes.sql wrote it, answering 'ad_campaign' too.
create or replace function private.traffic_dimension_facts(from_time timestamptz, to_time timestamptz, wanted text)
returns table (day date, value text, visitors integer, views integer, intake integer)
language sql
stable
set search_path = ''
as $$
  with bounds as (
    select (from_time at time zone 'UTC')::date as first_day,
           ((to_time - interval '1 microsecond') at time zone 'UTC')::date as last_day
  ), rolled as (
    select r.day from bounds b, private.rolled_traffic_days(b.first_day, b.last_day) r (day)
  ), raw_from as (
    select min(d)::date as day
      from bounds b, generate_series(b.first_day, b.last_day, interval '1 day') d
     where d::date not in (select r.day from rolled r)
  ), raw as (
    select (v.created_at at time zone 'UTC')::date as day, v.visitor, v.kind,
           case wanted
             when 'page' then v.path
             when 'funnel' then
               lower(left(coalesce(
                 nullif(btrim(v.utm_source), ''),
                 case when v.has_click_id and v.referrer_host ~ '(^|\.)google\.' then 'google'
                      when v.has_click_id and v.referrer_host ~ '(^|\.)(facebook|instagram|messenger|fb)\.' then 'facebook' end,
                 v.referrer_host,
                 'direct'), 80))
               || E'\t' || lower(coalesce(nullif(btrim(v.utm_medium), ''), '(none)'))
               || E'\t' || coalesce(nullif(btrim(v.utm_campaign), ''), '(none)')
             when 'ad_campaign' then
               case when v.utm_id is not null or nullif(btrim(v.utm_campaign), '') is not null
                    then coalesce(btrim(v.utm_id), '') || E'\t' || coalesce(btrim(v.utm_campaign), '') end
           end as value
      from public.page_views v
     where v.created_at >= (select greatest(from_time, r.day::timestamp at time zone 'UTC') from raw_from r)
       and v.created_at < to_time
  )
  select a.day, a.value, a.visitors, a.views, a.intake
    from public.page_view_daily a, bounds b
   where a.dimension = wanted and a.day between b.first_day and b.last_day
  union all
  select x.day, x.value,
         count(distinct x.visitor) filter (where x.kind = 'pageview')::integer,
         count(*) filter (where x.kind = 'pageview')::integer,
         count(*) filter (where x.kind = 'intake')::integer
    from raw x
   where x.value is not null
     and x.day not in (select rr.day from rolled rr)
   group by x.day, x.value
$$;

-- The days already rolled: their campaigns by name, from the funnel's lines (a visitor who came by
-- two sources under one campaign's name that day counts twice; the funnel's lines cannot say more).
insert into public.page_view_daily (day, dimension, value, visitors, views, intake)
select a.day, 'ad_campaign', E'\t' || split_part(a.value, E'\t', 3),
       sum(a.visitors)::integer, sum(a.views)::integer, sum(a.intake)::integer
  from public.page_view_daily a
 where a.dimension = 'funnel' and split_part(a.value, E'\t', 3) <> '(none)'
 group by a.day, split_part(a.value, E'\t', 3)
on conflict (day, dimension, value) do nothing;

-- ---------------------------------------------------------------------------------------------
-- Spend
-- ---------------------------------------------------------------------------------------------
create table public.ad_spend (
  platform text not null constraint ad_spend_platform_check check (platform in ('meta', 'google')),
  -- Meta's ad account id (digits, without "act_"), Google Ads' customer id (digits).
  account_id text not null constraint ad_spend_account_id_check check (account_id ~ '^[0-9]{1,30}$'),
  campaign_id text not null constraint ad_spend_campaign_id_check check (campaign_id ~ '^[0-9]{1,30}$'),
  campaign_name text not null constraint ad_spend_campaign_name_check
    check (char_length(campaign_name) <= 400 and campaign_name !~ '[[:cntrl:]]'),
  -- The day in the ad account's own time zone, as the platforms report it.
  day date not null,
  currency text not null constraint ad_spend_currency_check check (currency ~ '^[A-Z]{3}$'),
  -- How many digits the currency's minor unit has (ISO 4217's exponent): amount_minor / 10^minor_digits is the amount.
  minor_digits smallint not null constraint ad_spend_minor_digits_check check (minor_digits between 0 and 3),
  amount_minor bigint not null constraint ad_spend_amount_minor_check check (amount_minor between 0 and 100000000000000),
  impressions bigint not null default 0 constraint ad_spend_impressions_check check (impressions >= 0),
  clicks bigint not null default 0 constraint ad_spend_clicks_check check (clicks >= 0),
  -- When these figures were written (unchanged by an import that found the same figures).
  imported_at timestamptz not null default now(),
  primary key (platform, account_id, campaign_id, day)
);

create index ad_spend_day_idx on public.ad_spend (day);
create index ad_spend_campaign_id_idx on public.ad_spend (campaign_id, day desc);

create table public.ad_spend_imports (
  platform text primary key constraint ad_spend_imports_platform_check check (platform in ('meta', 'google')),
  account_id text constraint ad_spend_imports_account_id_check check (account_id ~ '^[0-9]{1,30}$'),
  currency text constraint ad_spend_imports_currency_check check (currency ~ '^[A-Z]{3}$'),
  -- The last import that wrote its window, and the last day of that window.
  last_success_at timestamptz,
  spend_through date,
  -- The last time an import was started (claim_ad_spend_import), whatever became of it.
  last_attempt_at timestamptz,
  -- The last failure, kept until an import succeeds.
  last_error text constraint ad_spend_imports_last_error_check check (char_length(last_error) <= 500),
  last_error_at timestamptz
);

create table public.exchange_rates (
  from_currency text not null constraint exchange_rates_from_currency_check check (from_currency ~ '^[A-Z]{3}$'),
  to_currency text not null constraint exchange_rates_to_currency_check check (to_currency ~ '^[A-Z]{3}$'),
  -- The month's first day.
  month date not null constraint exchange_rates_month_check check (extract(day from month) = 1),
  -- One from_currency (major unit) is `rate` to_currency (major units).
  rate numeric(20, 8) not null constraint exchange_rates_rate_check check (rate > 0 and rate < 1000000000),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  primary key (from_currency, to_currency, month),
  constraint exchange_rates_pair_check check (from_currency <> to_currency)
);

-- ---------------------------------------------------------------------------------------------
-- The import (service role only)
-- ---------------------------------------------------------------------------------------------

-- Whether `for_platform`'s import is due, and if so marks it started: not yet imported successfully
-- today (UTC), and no attempt in the last `retry_minutes`. Concurrent runs agree (one row, one update).
create function public.claim_ad_spend_import(for_platform text, retry_minutes integer default 60)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claimed integer;
begin
  insert into public.ad_spend_imports as i (platform, last_attempt_at) values (for_platform, now())
  on conflict (platform) do update set last_attempt_at = now()
   where (i.last_success_at is null or (i.last_success_at at time zone 'UTC')::date < (now() at time zone 'UTC')::date)
     and (i.last_attempt_at is null or i.last_attempt_at <= now() - make_interval(mins => greatest(retry_minutes, 0)));
  get diagnostics claimed = row_count;
  return claimed > 0;
end;
$$;

-- One platform's import of [first_day, last_day] for one account, whole or not at all (one call is
-- one transaction). `spend` is a JSON array of { campaign_id, campaign_name, day, amount_minor,
-- impressions, clicks }; a campaign and day given twice are added up. Returns how many rows it
-- inserted, changed or removed (0 when the platform's figures are those already kept).
create function public.import_ad_spend(
  for_platform text, for_account text, account_currency text, currency_digits integer,
  first_day date, last_day date, spend jsonb
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  changed integer := 0;
begin
  if first_day is null or last_day is null or last_day < first_day or last_day - first_day > 93 then
    raise exception 'An import covers 1 to 94 days.' using errcode = '22023';
  end if;
  if jsonb_typeof(spend) <> 'array' then
    raise exception 'spend must be a JSON array.' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_to_recordset(spend) as r (day date)
     where r.day is null or r.day not between first_day and last_day
  ) then
    raise exception 'Every row''s day must be within the import''s days.' using errcode = '22023';
  end if;

  -- One statement: the window's rows the platform no longer reports go, the others are written. The
  -- two sets are disjoint (a removed row is one not imported), so neither sees the other's change.
  with imported as (
    select r.campaign_id, max(r.campaign_name) as campaign_name, r.day,
           sum(r.amount_minor)::bigint as amount_minor, sum(coalesce(r.impressions, 0))::bigint as impressions,
           sum(coalesce(r.clicks, 0))::bigint as clicks
      from jsonb_to_recordset(spend) as r (campaign_id text, campaign_name text, day date, amount_minor bigint,
                                            impressions bigint, clicks bigint)
     group by r.campaign_id, r.day
  ), removed as (
    delete from public.ad_spend s
     where s.platform = for_platform and s.account_id = for_account and s.day between first_day and last_day
       and not exists (select 1 from imported i where i.campaign_id = s.campaign_id and i.day = s.day)
    returning 1
  ), written as (
    insert into public.ad_spend as s
      (platform, account_id, campaign_id, campaign_name, day, currency, minor_digits, amount_minor, impressions, clicks)
    select for_platform, for_account, i.campaign_id, coalesce(i.campaign_name, ''), i.day, account_currency,
           currency_digits, i.amount_minor, i.impressions, i.clicks
      from imported i
    on conflict (platform, account_id, campaign_id, day) do update
       set campaign_name = excluded.campaign_name, currency = excluded.currency, minor_digits = excluded.minor_digits,
           amount_minor = excluded.amount_minor, impressions = excluded.impressions, clicks = excluded.clicks,
           imported_at = now()
     where (s.campaign_name, s.currency, s.minor_digits, s.amount_minor, s.impressions, s.clicks)
           is distinct from (excluded.campaign_name, excluded.currency, excluded.minor_digits, excluded.amount_minor,
                             excluded.impressions, excluded.clicks)
    returning 1
  )
  select (select count(*) from removed) + (select count(*) from written) into changed;

  insert into public.ad_spend_imports as st
    (platform, account_id, currency, last_success_at, spend_through, last_attempt_at, last_error, last_error_at)
  values (for_platform, for_account, account_currency, now(), last_day, now(), null, null)
  on conflict (platform) do update
     set account_id = excluded.account_id, currency = excluded.currency, last_success_at = excluded.last_success_at,
         spend_through = excluded.spend_through, last_error = null, last_error_at = null;
  return changed;
end;
$$;

-- An import that failed: why, and when. The spend is left as the last good import wrote it.
create function public.record_ad_spend_failure(for_platform text, error text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.ad_spend_imports as st (platform, last_attempt_at, last_error, last_error_at)
  values (for_platform, now(), left(error, 500), now())
  on conflict (platform) do update
     set last_error = excluded.last_error, last_error_at = excluded.last_error_at
$$;

revoke all on function public.claim_ad_spend_import(text, integer) from public, anon, authenticated;
revoke all on function public.import_ad_spend(text, text, text, integer, date, date, jsonb) from public, anon, authenticated;
revoke all on function public.record_ad_spend_failure(text, text) from public, anon, authenticated;
grant execute on function public.claim_ad_spend_import(text, integer) to service_role;
grant execute on function public.import_ad_spend(text, text, text, integer, date, date, jsonb) to service_role;
grant execute on function public.record_ad_spend_failure(text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Converting an amount
-- ---------------------------------------------------------------------------------------------

-- The rate of `month` from one currency to another: the one set for that pair, else the inverse of the
-- one set the other way; null when neither is set. Reads exchange_rates as the caller.
create function private.month_rate(from_currency text, to_currency text, month date)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select r.rate from public.exchange_rates r
      where r.from_currency = month_rate.from_currency and r.to_currency = month_rate.to_currency
        and r.month = date_trunc('month', month_rate.month::timestamp)::date),
    (select 1 / r.rate from public.exchange_rates r
      where r.from_currency = month_rate.to_currency and r.to_currency = month_rate.from_currency
        and r.month = date_trunc('month', month_rate.month::timestamp)::date)
  )
$$;

-- `amount` minor units of a currency with `digits` minor digits, in `to_currency`'s minor units
-- (`to_digits`) at `month`'s rate, rounded half away from zero; null without a rate.
create function private.convert_minor(amount bigint, digits integer, from_currency text, to_currency text,
                                      to_digits integer, month date)
returns bigint
language sql
stable
set search_path = ''
as $$
  select case
           when from_currency = to_currency then round(amount::numeric * power(10::numeric, to_digits - digits))::bigint
           else round(amount::numeric / power(10::numeric, digits)
                      * private.month_rate(from_currency, to_currency, month)
                      * power(10::numeric, to_digits))::bigint
         end
$$;

revoke all on function private.month_rate(text, text, date) from public, anon;
revoke all on function private.convert_minor(bigint, integer, text, text, integer, date) from public, anon;
grant execute on function private.month_rate(text, text, date) to authenticated, service_role;
grant execute on function private.convert_minor(bigint, integer, text, text, integer, date) to authenticated, service_role;

-- The Campaigns page's readers: the lead team who also read the site's traffic.
create function private.reads_campaigns()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.can('works_leads') and private.can('reads_site_traffic')
$$;

revoke all on function private.reads_campaigns() from public, anon;
grant execute on function private.reads_campaigns() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The report
-- ---------------------------------------------------------------------------------------------

-- Which ad campaign a visit's or lead's (utm_id, utm_campaign) belongs to: the campaign with that id
-- when one was imported; else, without an id, the imported campaign of that name (case and spaces
-- aside; the one with the latest spend when several share it); else its own line: 'id:<id>' for an
-- id no import has seen, 'name:<name>' for a name alone. Imported campaigns are 'id:<id>'.
create function private.ad_campaign_key(utm_id text, utm_campaign text)
returns text
language sql
stable
set search_path = ''
as $$
  select case
           when nullif(btrim(utm_id), '') is not null then 'id:' || btrim(utm_id)
           else coalesce(
             (select 'id:' || s.campaign_id from public.ad_spend s
               where lower(btrim(s.campaign_name)) = lower(btrim(ad_campaign_key.utm_campaign))
               order by s.day desc, s.campaign_id limit 1),
             'name:' || lower(btrim(utm_campaign)))
         end
$$;

revoke all on function private.ad_campaign_key(text, text) from public, anon;
grant execute on function private.ad_campaign_key(text, text) to authenticated, service_role;

-- Each ad campaign of [from_time, to_time): every campaign with spend on a day of the period (Lagos
-- days), and every campaign that brought visitors or leads in it (a visit or lead with a utm_id or a
-- utm_campaign), matched by id first, then by name (private.ad_campaign_key). Spend is in the ad
-- account's currency (spend_account_minor) and in `report_currency` (spend_minor), converted with
-- each month's rate where they differ; `rates` says which rates were used, `missing_rates` which
-- months had none (then spend_minor, or revenue_minor, is null). Leads, calls booked (neither
-- cancelled nor an expired hold), clients won and revenue collected (counted payments less refunds, each converted at
-- its month's rate) follow the other reports' cohort: the leads received in the period, with what
-- they have done to date. Costs are spend over leads, calls and clients, in minor units, and the
-- return on ad spend is revenue over spend: null whenever there is nothing to divide by or no spend
-- or no revenue, never 0 or infinity.
create function public.ad_campaign_report(from_time timestamptz, to_time timestamptz, report_currency text default 'NGN')
returns table (
  platform text, campaign_id text, campaign_name text,
  spend_currency text, spend_account_minor bigint, spend_minor bigint,
  rates jsonb, missing_rates text[],
  impressions bigint, clicks bigint, visitors integer, leads integer, calls_booked integer, clients_won integer,
  revenue_minor bigint,
  cost_per_lead_minor bigint, cost_per_call_minor bigint, cost_per_client_minor bigint, roas numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select (from_time at time zone 'Africa/Lagos')::date as first_day,
           ((to_time - interval '1 microsecond') at time zone 'Africa/Lagos')::date as last_day
  ), spend_days as (
    select s.*, date_trunc('month', s.day::timestamp)::date as month,
           private.convert_minor(s.amount_minor, s.minor_digits, s.currency, report_currency, 2, s.day) as converted
      from public.ad_spend s, bounds b
     where s.day between b.first_day and b.last_day
  ), spend as (
    select 'id:' || d.campaign_id as key,
           min(d.platform) as platform, d.campaign_id,
           (array_agg(d.campaign_name order by d.day desc))[1] as campaign_name,
           min(d.currency) as currency,
           sum(d.amount_minor)::bigint as account_minor,
           case when bool_and(d.converted is not null) then sum(d.converted)::bigint end as converted,
           coalesce(jsonb_agg(distinct jsonb_build_object(
             'from', d.currency, 'to', report_currency, 'month', to_char(d.month, 'YYYY-MM'),
             'rate', private.month_rate(d.currency, report_currency, d.month)))
             filter (where d.currency <> report_currency and d.converted is not null), '[]'::jsonb) as rates,
           coalesce(array_agg(distinct d.currency || ' ' || to_char(d.month, 'YYYY-MM'))
             filter (where d.converted is null), '{}') as missing,
           sum(d.impressions)::bigint as impressions, sum(d.clicks)::bigint as clicks
      from spend_days d
     group by d.campaign_id
  ), visits as (
    select private.ad_campaign_key(split_part(f.value, E'\t', 1), split_part(f.value, E'\t', 2)) as key,
           (array_agg(nullif(split_part(f.value, E'\t', 2), '')))[1] as name,
           sum(f.visitors)::integer as visitors
      from private.traffic_dimension_facts(from_time, to_time, 'ad_campaign') f
     group by 1
  ), cohort as (
    select l.id, l.status, l.campaign,
           private.ad_campaign_key(coalesce(nullif(btrim(l.first_touch ->> 'utm_id'), ''), l.latest_touch ->> 'utm_id'),
                                   l.campaign) as key
      from public.leads l
     where l.created_at >= from_time and l.created_at < to_time
       and (l.campaign is not null or l.first_touch ? 'utm_id' or l.latest_touch ? 'utm_id')
  ), collected as (
    select c.key,
           case when bool_and(m.converted is not null) then sum(m.converted)::bigint end as converted,
           coalesce(array_agg(distinct m.currency || ' ' || to_char(m.month, 'YYYY-MM'))
             filter (where m.converted is null), '{}') as missing,
           coalesce(jsonb_agg(distinct jsonb_build_object(
             'from', m.currency, 'to', report_currency, 'month', to_char(m.month, 'YYYY-MM'),
             'rate', private.month_rate(m.currency, report_currency, m.month)))
             filter (where m.currency <> report_currency and m.converted is not null), '[]'::jsonb) as rates
      from cohort c
      join public.proposals pr on pr.lead_id = c.id
      join public.payments pay on pay.proposal_id = pr.id and pay.status = 'counted'
      cross join lateral (
        select pay.currency,
               date_trunc('month', pay.paid_at at time zone 'Africa/Lagos')::date as month,
               private.convert_minor(
                 (pay.amount_minor - coalesce((select sum(r.amount_minor) from public.payment_refunds r where r.payment_id = pay.id), 0))::bigint,
                 2, pay.currency, report_currency, 2, (pay.paid_at at time zone 'Africa/Lagos')::date) as converted
      ) m
     group by c.key
  ), lead_lines as (
    select c.key, min(c.campaign) as name, count(*)::integer as leads,
           count(*) filter (
             where exists (select 1 from public.call_bookings b where b.lead_id = c.id and b.status not in ('cancelled', 'expired'))
           )::integer as calls_booked,
           count(*) filter (where c.status = 'won')::integer as won
      from cohort c
     group by c.key
  ), keys as (
    select key from spend union select key from visits union select key from lead_lines
  ), known as (
    -- What an id's campaign is called and where it runs, from its latest imported day, whatever the period.
    select distinct on (s.campaign_id) 'id:' || s.campaign_id as key, s.platform, s.campaign_name
      from public.ad_spend s
     order by s.campaign_id, s.day desc
  ), lines as (
    select k.key,
           coalesce(sp.platform, kn.platform) as platform,
           case when k.key like 'id:%' then substr(k.key, 4) end as campaign_id,
           coalesce(sp.campaign_name, kn.campaign_name, v.name, ll.name,
                    case when k.key like 'name:%' then substr(k.key, 6) end) as campaign_name,
           sp.currency, sp.account_minor, sp.converted as spend_minor,
           coalesce(sp.rates, '[]'::jsonb) || coalesce(co.rates, '[]'::jsonb) as rates,
           coalesce(sp.missing, '{}') || coalesce(co.missing, '{}') as missing,
           coalesce(sp.impressions, 0) as impressions, coalesce(sp.clicks, 0) as clicks,
           coalesce(v.visitors, 0) as visitors, coalesce(ll.leads, 0) as leads,
           coalesce(ll.calls_booked, 0) as calls_booked, coalesce(ll.won, 0) as won,
           case when co.key is null then 0::bigint else co.converted end as revenue_minor
      from keys k
      left join spend sp on sp.key = k.key
      left join known kn on kn.key = k.key
      left join visits v on v.key = k.key
      left join lead_lines ll on ll.key = k.key
      left join collected co on co.key = k.key
  )
  select l.platform, l.campaign_id, l.campaign_name, l.currency, l.account_minor, l.spend_minor,
         (select coalesce(jsonb_agg(distinct e), '[]'::jsonb) from jsonb_array_elements(l.rates) e),
         (select coalesce(array_agg(distinct m order by m), '{}') from unnest(l.missing) m),
         l.impressions, l.clicks, l.visitors, l.leads, l.calls_booked, l.won, l.revenue_minor,
         case when l.spend_minor > 0 and l.leads > 0 then round(l.spend_minor::numeric / l.leads)::bigint end,
         case when l.spend_minor > 0 and l.calls_booked > 0 then round(l.spend_minor::numeric / l.calls_booked)::bigint end,
         case when l.spend_minor > 0 and l.won > 0 then round(l.spend_minor::numeric / l.won)::bigint end,
         case when l.spend_minor > 0 and l.revenue_minor > 0 then round(l.revenue_minor::numeric / l.spend_minor, 4) end
    from lines l
   -- Only the Campaigns page's readers: an Editor reads the traffic, not what campaigns cost or brought.
   where (select private.reads_campaigns())
   order by l.spend_minor desc nulls last, l.visitors desc, l.leads desc, l.campaign_name, l.campaign_id
$$;

-- Spend and revenue by week (Monday, Lagos) of [from_time, to_time), in `report_currency`: the spend
-- of every campaign on the week's days, and the revenue collected in the week (counted payments by
-- when they were paid, less their refunds) from leads that came by an ad campaign (a utm_id or a
-- utm_campaign). Null where a month's rate is missing; every week of the period is listed.
create function public.ad_spend_weekly(from_time timestamptz, to_time timestamptz, report_currency text default 'NGN')
returns table (week date, spend_minor bigint, revenue_minor bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select (from_time at time zone 'Africa/Lagos')::date as first_day,
           ((to_time - interval '1 microsecond') at time zone 'Africa/Lagos')::date as last_day
  ), weeks as (
    select date_trunc('week', g::timestamp)::date as week
      from bounds b, generate_series(date_trunc('week', b.first_day::timestamp), b.last_day::timestamp, interval '1 week') g
  ), spend as (
    select date_trunc('week', s.day::timestamp)::date as week,
           case when bool_and(c.v is not null) then sum(c.v)::bigint end as minor
      from public.ad_spend s, bounds b,
           lateral (select private.convert_minor(s.amount_minor, s.minor_digits, s.currency, report_currency, 2, s.day) as v) c
     where s.day between b.first_day and b.last_day
     group by 1
  ), revenue as (
    select date_trunc('week', pay.paid_at at time zone 'Africa/Lagos')::date as week,
           case when bool_and(c.v is not null) then sum(c.v)::bigint end as minor
      from public.payments pay
      join public.proposals pr on pr.id = pay.proposal_id
      join public.leads l on l.id = pr.lead_id
      cross join lateral (
        select private.convert_minor(
                 (pay.amount_minor - coalesce((select sum(r.amount_minor) from public.payment_refunds r where r.payment_id = pay.id), 0))::bigint,
                 2, pay.currency, report_currency, 2, (pay.paid_at at time zone 'Africa/Lagos')::date) as v
      ) c
     where pay.status = 'counted' and pay.paid_at >= from_time and pay.paid_at < to_time
       and (l.campaign is not null or l.first_touch ? 'utm_id' or l.latest_touch ? 'utm_id')
     group by 1
  )
  select w.week, coalesce(s.minor, case when s.week is null then 0 end), coalesce(r.minor, case when r.week is null then 0 end)
    from weeks w
    left join spend s on s.week = w.week
    left join revenue r on r.week = w.week
   where (select private.reads_campaigns())
   order by w.week
$$;

revoke all on function public.ad_campaign_report(timestamptz, timestamptz, text) from public, anon;
revoke all on function public.ad_spend_weekly(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.ad_campaign_report(timestamptz, timestamptz, text) to authenticated;
grant execute on function public.ad_spend_weekly(timestamptz, timestamptz, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security
-- ---------------------------------------------------------------------------------------------
revoke all on table public.ad_spend from anon, authenticated, service_role;
revoke all on table public.ad_spend_imports from anon, authenticated, service_role;
revoke all on table public.exchange_rates from anon, authenticated, service_role;
grant select on table public.ad_spend to authenticated;
grant select on table public.ad_spend_imports to authenticated;
grant select, insert, update, delete on table public.exchange_rates to authenticated;

alter table public.ad_spend enable row level security;
alter table public.ad_spend_imports enable row level security;
alter table public.exchange_rates enable row level security;

create policy "The campaigns' readers read ad spend" on public.ad_spend for select to authenticated
  using ((select private.reads_campaigns()));
create policy "The campaigns' readers read the spend imports" on public.ad_spend_imports for select to authenticated
  using ((select private.reads_campaigns()));
create policy "The campaigns' readers read exchange rates" on public.exchange_rates for select to authenticated
  using ((select private.reads_campaigns()));
create policy "Those who manage the team set exchange rates" on public.exchange_rates for insert to authenticated
  with check ((select private.is_admin()));
create policy "Those who manage the team change exchange rates" on public.exchange_rates for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Those who manage the team remove exchange rates" on public.exchange_rates for delete to authenticated
  using ((select private.is_admin()));

create policy "A second factor, where required, for ad spend" on public.ad_spend as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "A second factor, where required, for the spend imports" on public.ad_spend_imports as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "A second factor, where required, for exchange rates" on public.exchange_rates as restrictive
  for all to authenticated using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
