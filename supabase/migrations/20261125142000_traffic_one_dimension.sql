-- campaign_funnel and post_traffic need one dimension each ('funnel', 'page'), but read every
-- dimension through private.traffic_facts: over 90 days of a million generated page views that is
-- some 43,000 daily rows and every grouping set of today's raw rows, then thrown away. Here they
-- read only their own: the daily rows of that dimension, and today's raw rows grouped by its value
-- alone. Same signatures, same rows. traffic_report, which shows every dimension, is unchanged.

-- One dimension's daily figures for [from_time, to_time), as private.traffic_facts gives them.
create function private.traffic_dimension_facts(from_time timestamptz, to_time timestamptz, wanted text)
returns table (day date, value text, visitors integer, views integer, intake integer)
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
           end as value
      from public.page_views v
     -- A scalar subquery, so the bound is one value and the index on created_at serves it.
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

revoke all on function private.traffic_dimension_facts(timestamptz, timestamptz, text) from public, anon;
grant execute on function private.traffic_dimension_facts(timestamptz, timestamptz, text) to authenticated, service_role;

create or replace function public.campaign_funnel(from_time timestamptz, to_time timestamptz)
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
      from private.traffic_dimension_facts(from_time, to_time, 'funnel') f
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

create or replace function public.post_traffic(from_time timestamptz, to_time timestamptz)
returns table (path text, views integer, visitors integer, leads integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with pages as (
    select f.value as path, sum(f.views)::integer as views, sum(f.visitors)::integer as visitors
      from private.traffic_dimension_facts(from_time, to_time, 'page') f
     where f.value ~ '^/blog/[^/]+$' and f.value <> '/blog/search'
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
