-- Two fixes to the team's roles (20261127100000_team_roles.sql), found by the per-role tests.
--
-- 1. An Author's traffic was counted twice once a day had been rolled up. The traffic functions
--    find the rolled days through page_view_daily's 'total' rows, which an Author may not read (they
--    read only their own posts' 'page' rows), so they also read that day's raw rows. The rolled days
--    now come from a security definer helper that answers dates only, never figures; the functions
--    keep running as the caller, so RLS still decides which figures they add up.
-- 2. An Owner, Administrator or Editor could set a post's author to anyone, someone outside the team
--    included. A post's author may now change only to a member who writes posts (the remover's heir,
--    or an editor reassigning a post); the row's policies already keep Authors and Contributors to
--    their own posts.

create function private.rolled_traffic_days(first_day date, last_day date)
returns setof date
language sql
stable
security definer
set search_path = ''
as $$
  select a.day from public.page_view_daily a
   where a.dimension = 'total' and a.day between first_day and last_day
$$;

revoke all on function private.rolled_traffic_days(date, date) from public, anon;
grant execute on function private.rolled_traffic_days(date, date) to authenticated, service_role;

create or replace function private.traffic_facts(from_time timestamptz, to_time timestamptz)
returns table (day date, dimension text, value text, visitors integer, views integer, intake integer)
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

create function private.post_author_writes_posts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A member who may not reassign posts at all is refused by the row's policies (42501), as before.
  if (select auth.uid()) is not null and not (select private.edits_all_posts()) then
    return new;
  end if;
  if new.author_id is distinct from old.author_id and not exists (
    select 1 from public.admins a
     where a.user_id = new.author_id
       and a.role in ('owner', 'administrator', 'editor', 'author', 'contributor')
  ) then
    raise exception 'A post''s author must be a member of the team who writes posts.' using errcode = '23514';
  end if;
  return new;
end;
$$;

revoke all on function private.post_author_writes_posts() from public, anon, authenticated;

create trigger posts_author_writes_posts
  before update of author_id on public.posts
  for each row execute function private.post_author_writes_posts();
