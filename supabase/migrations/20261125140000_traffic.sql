-- Traffic: page views counted first-party, without cookies and without personal data, joined to the
-- leads by campaign and landing page. Applies unchanged to a hosted project.
--
-- * public.page_views: one row per page view or intake-form click, written only by api/collect
--   through a service-role RPC (record_page_view). It holds no address, no user agent and no click
--   id: only a daily visitor key, sha256(salt of the day, site, address, user agent), computed by the
--   function with the salt below. Kept 90 days.
-- * private.traffic_salts: the salt of the day, random, created on first use and deleted the next
--   day, so a key can be followed neither to the next day nor back to an address.
-- * public.page_view_daily: per day and dimension value, the unique visitors of that day
--   (count(distinct key), computed when the day is rolled up, so each dimension's figure is right),
--   the page views and the intake clicks. Kept for good.
-- * rollup_traffic() (the dispatcher's scheduled run) rolls every finished day into
--   page_view_daily and deletes the raw rows older than 90 days. Rolling each day as soon as it ends,
--   not only at 90 days, is what keeps the reports fast: they read the daily rows for rolled days and
--   the raw rows only for the rest (today), so a range that crosses the 90-day line is right too.
-- * Reports (traffic_report, campaign_funnel, post_traffic) run as the caller: RLS shows admins
--   everything (at aal2 once a factor is enrolled) and anyone else nothing; anon may not call them.
--
-- Days are UTC days. Visitors over a range are the sum of each day's unique visitors: the key
-- changes every day by design, so the same person on two days counts twice.

-- ---------------------------------------------------------------------------------------------
-- Raw rows
-- ---------------------------------------------------------------------------------------------
create table public.page_views (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- The viewport width's bucket: the lower bound of the layout breakpoint it falls in.
  viewport_width smallint constraint page_views_viewport_width_check check (viewport_width in (0, 640, 768, 1024, 1280, 1536)),
  -- Whether a click id (gclid, fbclid) came with the visit; never the id itself.
  has_click_id boolean not null default false,
  -- The daily visitor key: the 32 bytes of sha256 (the function sends them as hex).
  visitor bytea not null constraint page_views_visitor_check check (octet_length(visitor) = 32),
  kind text not null constraint page_views_kind_check check (kind in ('pageview', 'intake')),
  path text not null constraint page_views_path_check check (char_length(path) between 1 and 300 and path ~ '^/[^?#[:cntrl:][:space:]]*$'),
  -- The outside referrer's host, lower case, without "www.".
  referrer_host text constraint page_views_referrer_host_check
    check (char_length(referrer_host) <= 253 and referrer_host ~ '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$'),
  utm_source text constraint page_views_utm_source_check check (char_length(utm_source) between 1 and 100 and utm_source !~ '[[:cntrl:]]'),
  utm_medium text constraint page_views_utm_medium_check check (char_length(utm_medium) between 1 and 100 and utm_medium !~ '[[:cntrl:]]'),
  utm_campaign text constraint page_views_utm_campaign_check check (char_length(utm_campaign) between 1 and 100 and utm_campaign !~ '[[:cntrl:]]'),
  -- ISO 3166 alpha-2 from the host's header; null when unknown.
  country text constraint page_views_country_check check (country ~ '^[A-Z]{2}$'),
  device text not null constraint page_views_device_check check (device in ('phone', 'tablet', 'desktop'))
);

-- Reports read today's raw rows by time; the rollup finds the oldest row and deletes by time.
create index page_views_created_at_idx on public.page_views (created_at);

-- ---------------------------------------------------------------------------------------------
-- Daily aggregates
-- ---------------------------------------------------------------------------------------------
create table public.page_view_daily (
  day date not null,
  -- 'total' (value ''), 'page' (path), 'source' (utm_source, else referrer host, else 'Direct'),
  -- 'referrer' (host), 'campaign' (source, medium and campaign as the Campaigns page groups them,
  -- tab-separated; only visits with a UTM parameter), 'funnel' (the same triple for every visit, as
  -- leads derive theirs), 'country' ('' when unknown), 'device'.
  dimension text not null constraint page_view_daily_dimension_check
    check (dimension in ('total', 'page', 'source', 'referrer', 'campaign', 'funnel', 'country', 'device')),
  value text not null constraint page_view_daily_value_check check (char_length(value) <= 400),
  visitors integer not null default 0 constraint page_view_daily_visitors_check check (visitors >= 0),
  views integer not null default 0 constraint page_view_daily_views_check check (views >= 0),
  intake integer not null default 0 constraint page_view_daily_intake_check check (intake >= 0),
  primary key (day, dimension, value)
);

-- ---------------------------------------------------------------------------------------------
-- The salt of the day
-- ---------------------------------------------------------------------------------------------
create table private.traffic_salts (
  day date primary key,
  salt bytea not null constraint traffic_salts_salt_check check (octet_length(salt) = 32)
);

alter table private.traffic_salts enable row level security;
revoke all on table private.traffic_salts from public, anon, authenticated, service_role;

-- Today's salt (UTC), created on first use from Postgres's strong random source (two random UUIDs:
-- 244 random bits), as hex; every older salt is deleted on the way. Concurrent first calls agree
-- (on conflict do nothing, then read).
create function public.traffic_salt()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  found_salt bytea;
begin
  delete from private.traffic_salts s where s.day < today;
  insert into private.traffic_salts (day, salt)
  values (today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
  on conflict (day) do nothing;
  select s.salt into found_salt from private.traffic_salts s where s.day = today;
  return encode(found_salt, 'hex');
end;
$$;

revoke all on function public.traffic_salt() from public, anon, authenticated;
grant execute on function public.traffic_salt() to service_role;

-- ---------------------------------------------------------------------------------------------
-- The one write: a page view that passed the function's checks. The table's checks repeat them.
-- ---------------------------------------------------------------------------------------------
create function public.record_page_view(
  visitor text, kind text, path text, device text, referrer_host text default null,
  utm_source text default null, utm_medium text default null, utm_campaign text default null,
  has_click_id boolean default false, country text default null, viewport_width integer default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.page_views
    (visitor, kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign, has_click_id, country, viewport_width)
  values
    (decode(visitor, 'hex'), kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign,
     coalesce(has_click_id, false), country, viewport_width::smallint)
$$;

revoke all on function public.record_page_view(text, text, text, text, text, text, text, text, boolean, text, integer) from public, anon, authenticated;
grant execute on function public.record_page_view(text, text, text, text, text, text, text, text, boolean, text, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Sources as the leads name them (leads.source): the utm_source, else the ad network a click id
-- names, else the referring host, else 'direct', lower case. A page view keeps only whether a click
-- id came, not which, so the network is read from the referrer (Google's or Meta's hosts).
-- ---------------------------------------------------------------------------------------------
create function private.traffic_lead_source(utm_source text, referrer_host text, has_click_id boolean)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(left(coalesce(
    nullif(btrim(utm_source), ''),
    case when has_click_id and referrer_host ~ '(^|\.)google\.' then 'google'
         when has_click_id and referrer_host ~ '(^|\.)(facebook|instagram|messenger|fb)\.' then 'facebook' end,
    referrer_host,
    'direct'
  ), 80))
$$;

-- The campaign triple the Campaigns page groups leads by (campaign_report): source as above, the
-- medium lower case or '(none)', the campaign as written or '(none)'; tab-separated.
create function private.traffic_campaign_key(utm_source text, utm_medium text, utm_campaign text, referrer_host text, has_click_id boolean)
returns text
language sql
immutable
set search_path = ''
as $$
  select private.traffic_lead_source(utm_source, referrer_host, has_click_id)
         || E'\t' || lower(coalesce(nullif(btrim(utm_medium), ''), '(none)'))
         || E'\t' || coalesce(nullif(btrim(utm_campaign), ''), '(none)')
$$;

-- Raw rows in [from_time, to_time) as daily figures per dimension value: the same shape as
-- page_view_daily. Visitors are the day's distinct keys among page views.
create function private.page_view_facts(from_time timestamptz, to_time timestamptz)
returns table (day date, dimension text, value text, visitors integer, views integer, intake integer)
language sql
stable
set search_path = ''
as $$
  select (v.created_at at time zone 'UTC')::date, d.dimension, d.value,
         count(distinct v.visitor) filter (where v.kind = 'pageview')::integer,
         count(*) filter (where v.kind = 'pageview')::integer,
         count(*) filter (where v.kind = 'intake')::integer
    from public.page_views v
    cross join lateral (values
      ('total', ''),
      ('page', v.path),
      ('source', coalesce(v.utm_source, v.referrer_host, 'Direct')),
      ('referrer', v.referrer_host),
      ('campaign', case when coalesce(v.utm_source, v.utm_medium, v.utm_campaign) is not null
                        then private.traffic_campaign_key(v.utm_source, v.utm_medium, v.utm_campaign, v.referrer_host, v.has_click_id) end),
      ('funnel', private.traffic_campaign_key(v.utm_source, v.utm_medium, v.utm_campaign, v.referrer_host, v.has_click_id)),
      ('country', coalesce(v.country, '')),
      ('device', v.device)
    ) as d (dimension, value)
   where v.created_at >= from_time and v.created_at < to_time
     and d.value is not null
   group by 1, 2, 3
$$;

-- Daily figures for [from_time, to_time): page_view_daily for the days rolled up, the raw rows for
-- the others (today, and any day the rollup has not reached yet). Rolled days count whole.
create function private.traffic_facts(from_time timestamptz, to_time timestamptz)
returns table (day date, dimension text, value text, visitors integer, views integer, intake integer)
language sql
stable
set search_path = ''
as $$
  with bounds as (
    select (from_time at time zone 'UTC')::date as first_day,
           ((to_time - interval '1 microsecond') at time zone 'UTC')::date as last_day
  ), rolled as (
    select a.day from public.page_view_daily a, bounds b
     where a.dimension = 'total' and a.day between b.first_day and b.last_day
  ), raw_from as (
    -- Raw rows are read from the first day in range that is not rolled (usually today).
    select min(d)::date as day
      from bounds b, generate_series(b.first_day, b.last_day, interval '1 day') d
     where d::date not in (select r.day from rolled r)
  )
  select a.day, a.dimension, a.value, a.visitors, a.views, a.intake
    from public.page_view_daily a, bounds b
   where a.day between b.first_day and b.last_day
  union all
  select f.day, f.dimension, f.value, f.visitors, f.views, f.intake
    from raw_from r,
         private.page_view_facts(greatest(from_time, r.day::timestamp at time zone 'UTC'), to_time) f
   where r.day is not null
     and f.day not in (select rr.day from rolled rr)
$$;

revoke all on function private.traffic_lead_source(text, text, boolean) from public, anon;
revoke all on function private.traffic_campaign_key(text, text, text, text, boolean) from public, anon;
revoke all on function private.page_view_facts(timestamptz, timestamptz) from public, anon;
revoke all on function private.traffic_facts(timestamptz, timestamptz) from public, anon;
grant execute on function private.traffic_lead_source(text, text, boolean) to authenticated, service_role;
grant execute on function private.traffic_campaign_key(text, text, text, text, boolean) to authenticated, service_role;
grant execute on function private.page_view_facts(timestamptz, timestamptz) to authenticated, service_role;
grant execute on function private.traffic_facts(timestamptz, timestamptz) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The rollup: every finished day (UTC) with raw rows and no daily rows yet is aggregated, and an
-- empty day gets a zero 'total' row, so each day is rolled once; then raw rows older than 90 days
-- are deleted. Idempotent, and one run at a time (a second concurrent run returns at once).
-- Returns how many days it rolled and how many raw rows it deleted.
-- ---------------------------------------------------------------------------------------------
create function public.rollup_traffic()
returns table (rolled_days integer, deleted_rows integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'UTC')::date;
  oldest date;
  d date;
  rolled integer := 0;
  deleted integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('public.rollup_traffic')) then
    return query select 0, 0;
    return;
  end if;

  select (min(v.created_at) at time zone 'UTC')::date into oldest from public.page_views v;
  if oldest is not null then
    for d in
      select g::date from generate_series(oldest, today - 1, interval '1 day') g
       where not exists (select 1 from public.page_view_daily a where a.day = g::date and a.dimension = 'total')
    loop
      insert into public.page_view_daily (day, dimension, value, visitors, views, intake)
      select f.day, f.dimension, f.value, f.visitors, f.views, f.intake
        from private.page_view_facts(d::timestamp at time zone 'UTC', (d + 1)::timestamp at time zone 'UTC') f
      on conflict (day, dimension, value) do nothing;
      insert into public.page_view_daily (day, dimension, value) values (d, 'total', '')
      on conflict (day, dimension, value) do nothing;
      rolled := rolled + 1;
    end loop;
  end if;

  with gone as (
    delete from public.page_views v
     where v.created_at < (today - 90)::timestamp at time zone 'UTC'
       and exists (select 1 from public.page_view_daily a
                    where a.day = (v.created_at at time zone 'UTC')::date and a.dimension = 'total')
    returning 1
  )
  select count(*)::integer into deleted from gone;

  return query select rolled, deleted;
end;
$$;

revoke all on function public.rollup_traffic() from public, anon, authenticated;
grant execute on function public.rollup_traffic() to service_role;

-- ---------------------------------------------------------------------------------------------
-- Reports (run as the caller; admins only)
-- ---------------------------------------------------------------------------------------------

-- The Traffic page for [from_time, to_time):
-- { totals: {visitors, views, intake}, days: [{day, visitors, views}] (every day, zeros included),
--   pages: [{path, visitors, views}], sources: [{source, visitors, views}],
--   referrers: [{referrer, visitors, views}], campaigns: [{source, medium, campaign, visitors, views}],
--   countries: [{country (null: unknown), visitors, views}], devices: [{device, visitors, views}] }
-- Lists by visitors, then views, at most 50 rows each. Visitors over several days are the sum of
-- each day's unique visitors: the key rotates daily, so nobody can be followed across days.
create function public.traffic_report(from_time timestamptz, to_time timestamptz)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with facts as (
    select * from private.traffic_facts(from_time, to_time)
  ), per_day as (
    select f.day, sum(f.visitors) as visitors, sum(f.views) as views, sum(f.intake) as intake
      from facts f where f.dimension = 'total' group by f.day
  ), days as (
    select g::date as day
      from generate_series((from_time at time zone 'UTC')::date,
                           ((to_time - interval '1 microsecond') at time zone 'UTC')::date,
                           interval '1 day') g
  ), lists as (
    select f.dimension, f.value, sum(f.visitors)::integer as visitors, sum(f.views)::integer as views,
           row_number() over (partition by f.dimension order by sum(f.visitors) desc, sum(f.views) desc, f.value) as rank
      from facts f
     where f.dimension in ('page', 'source', 'referrer', 'campaign', 'country', 'device')
     group by f.dimension, f.value
  ), top as (
    select * from lists where rank <= 50
  )
  select jsonb_build_object(
    'totals', (select jsonb_build_object('visitors', coalesce(sum(p.visitors), 0)::integer,
                                         'views', coalesce(sum(p.views), 0)::integer,
                                         'intake', coalesce(sum(p.intake), 0)::integer) from per_day p),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
                                                          'visitors', coalesce(p.visitors, 0)::integer,
                                                          'views', coalesce(p.views, 0)::integer) order by d.day), '[]'::jsonb)
               from days d left join per_day p on p.day = d.day),
    'pages', (select coalesce(jsonb_agg(jsonb_build_object('path', t.value, 'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                from top t where t.dimension = 'page'),
    'sources', (select coalesce(jsonb_agg(jsonb_build_object('source', t.value, 'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                  from top t where t.dimension = 'source'),
    'referrers', (select coalesce(jsonb_agg(jsonb_build_object('referrer', t.value, 'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                    from top t where t.dimension = 'referrer'),
    'campaigns', (select coalesce(jsonb_agg(jsonb_build_object('source', split_part(t.value, E'\t', 1),
                                                               'medium', split_part(t.value, E'\t', 2),
                                                               'campaign', split_part(t.value, E'\t', 3),
                                                               'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                    from top t where t.dimension = 'campaign'),
    'countries', (select coalesce(jsonb_agg(jsonb_build_object('country', nullif(t.value, ''), 'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                    from top t where t.dimension = 'country'),
    'devices', (select coalesce(jsonb_agg(jsonb_build_object('device', t.value, 'visitors', t.visitors, 'views', t.views) order by t.rank), '[]'::jsonb)
                  from top t where t.dimension = 'device')
  )
$$;

revoke all on function public.traffic_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.traffic_report(timestamptz, timestamptz) to authenticated;

-- The Campaigns page's funnel for [from_time, to_time), per source, medium and campaign as
-- campaign_report groups leads (lower-case source, 'direct' for none; lower-case medium or
-- '(none)'; the campaign as written or '(none)'): visitors (sum of daily unique visitors) and
-- intake-form clicks from the traffic, leads, qualified (or won), won and the median seconds to the
-- first response (null while none is answered) from the leads that arrived in the period.
create function public.campaign_funnel(from_time timestamptz, to_time timestamptz)
returns table (
  source text, medium text, campaign text, visitors integer, intake_clicks integer,
  leads integer, qualified integer, won integer, median_response_seconds numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  with traffic as (
    select split_part(f.value, E'\t', 1) as source, split_part(f.value, E'\t', 2) as medium,
           split_part(f.value, E'\t', 3) as campaign,
           sum(f.visitors)::integer as visitors, sum(f.intake)::integer as intake
      from private.traffic_facts(from_time, to_time) f
     where f.dimension = 'funnel'
     group by 1, 2, 3
  ), lead_lines as (
    select l.source,
           lower(coalesce(nullif(btrim(l.first_touch ->> 'utm_medium'), ''), nullif(btrim(l.latest_touch ->> 'utm_medium'), ''), '(none)')) as medium,
           coalesce(l.campaign, '(none)') as campaign,
           count(*)::integer as leads,
           count(*) filter (where l.status in ('qualified', 'won'))::integer as qualified,
           count(*) filter (where l.status = 'won')::integer as won,
           (percentile_cont(0.5) within group (order by extract(epoch from l.first_response_at - l.created_at)))::numeric as median
      from public.leads l
     where l.created_at >= from_time and l.created_at < to_time
     group by 1, 2, 3
  )
  select coalesce(t.source, l.source), coalesce(t.medium, l.medium), coalesce(t.campaign, l.campaign),
         coalesce(t.visitors, 0), coalesce(t.intake, 0),
         coalesce(l.leads, 0), coalesce(l.qualified, 0), coalesce(l.won, 0), l.median
    from traffic t
    full join lead_lines l on l.source = t.source and l.medium = t.medium and l.campaign = t.campaign
   order by coalesce(t.visitors, 0) desc, coalesce(l.leads, 0) desc, 1, 2, 3
$$;

revoke all on function public.campaign_funnel(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_funnel(timestamptz, timestamptz) to authenticated;

-- Each blog post's page (/blog/<slug>) in [from_time, to_time): views, visitors (sum of daily
-- unique visitors), and the leads of the period whose first touch landed on it (query and fragment
-- of the landing page ignored). List, category and search pages are not posts.
create function public.post_traffic(from_time timestamptz, to_time timestamptz)
returns table (path text, views integer, visitors integer, leads integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with pages as (
    select f.value as path, sum(f.views)::integer as views, sum(f.visitors)::integer as visitors
      from private.traffic_facts(from_time, to_time) f
     where f.dimension = 'page' and f.value ~ '^/blog/[^/]+$' and f.value <> '/blog/search'
     group by f.value
  ), landed as (
    select split_part(split_part(l.first_touch ->> 'landing_page', '?', 1), '#', 1) as path, count(*)::integer as leads
      from public.leads l
     where l.created_at >= from_time and l.created_at < to_time
       and l.first_touch ->> 'landing_page' like '/blog/%'
     group by 1
  )
  select coalesce(p.path, d.path), coalesce(p.views, 0), coalesce(p.visitors, 0), coalesce(d.leads, 0)
    from pages p
    full join (select * from landed where path ~ '^/blog/[^/]+$' and path <> '/blog/search') d on d.path = p.path
   order by coalesce(p.views, 0) desc, coalesce(d.leads, 0) desc, 1
$$;

revoke all on function public.post_traffic(timestamptz, timestamptz) from public, anon;
grant execute on function public.post_traffic(timestamptz, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security: admins read (at aal2 once a factor is enrolled); nobody
-- writes through the API (the function writes through record_page_view, the rollup as owner).
-- ---------------------------------------------------------------------------------------------
revoke all on table public.page_views from anon, authenticated, service_role;
revoke all on table public.page_view_daily from anon, authenticated, service_role;
grant select on table public.page_views to authenticated;
grant select on table public.page_view_daily to authenticated;

alter table public.page_views enable row level security;
alter table public.page_view_daily enable row level security;

create policy "Admins read page views"
  on public.page_views for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins read daily traffic"
  on public.page_view_daily for select
  to authenticated
  using ((select private.is_admin()));

create policy "A second factor, once enrolled, is required for page views"
  on public.page_views as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for daily traffic"
  on public.page_view_daily as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));
