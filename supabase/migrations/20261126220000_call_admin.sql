-- The agency's side of discovery calls (issue 36): the reports count booked calls.
--
-- * campaign_funnel gains `calls_booked`: of each line's leads received in the period, how many
--   have a call booked that was not cancelled (booked, completed or no-show). Same arguments, one
--   more column at the end, so it is dropped and created again (a function's result type cannot be
--   changed in place).
-- * call_booking_stats: the dashboard's figures for a period: calls booked in it (not cancelled),
--   calls cancelled, the leads received in it and how many of them have a call booked.
-- Both run as the caller, so RLS decides: admins (at aal2 once a factor is enrolled) see the
-- figures, anyone else zeros. An admin cancels a call with a plain update of its status and note
-- (the policies of 20261126200000_discovery_calls.sql allow it): the bookings' trigger queues the
-- visitor's cancellation e-mail in the same transaction, and cancel_note is what it carries.

drop function public.campaign_funnel(timestamptz, timestamptz);

create function public.campaign_funnel(from_time timestamptz, to_time timestamptz)
returns table (
  source text, medium text, campaign text, visitors integer, intake_clicks integer,
  leads integer, qualified integer, won integer, median_response_seconds numeric, calls_booked integer
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
           (percentile_cont(0.5) within group (order by extract(epoch from l.first_response_at - l.created_at)))::numeric as median,
           count(*) filter (
             where exists (select 1 from public.call_bookings b where b.lead_id = l.id and b.status <> 'cancelled')
           )::integer as calls_booked
      from public.leads l
     where l.created_at >= from_time and l.created_at < to_time
     group by 1, 2, 3
  )
  select coalesce(t.source, l.source), coalesce(t.medium, l.medium), coalesce(t.campaign, l.campaign),
         coalesce(t.visitors, 0), coalesce(t.intake, 0),
         coalesce(l.leads, 0), coalesce(l.qualified, 0), coalesce(l.won, 0), l.median, coalesce(l.calls_booked, 0)
    from traffic t
    full join lead_lines l on l.source = t.source and l.medium = t.medium and l.campaign = t.campaign
   order by coalesce(t.visitors, 0) desc, coalesce(l.leads, 0) desc, 1, 2, 3
$$;

revoke all on function public.campaign_funnel(timestamptz, timestamptz) from public, anon;
grant execute on function public.campaign_funnel(timestamptz, timestamptz) to authenticated;

-- The dashboard's calls for [from_time, to_time): calls booked then (by when they were booked) that
-- are not cancelled, those cancelled, the leads received then, and how many of those leads have a
-- call booked (not cancelled), whenever they booked it.
create function public.call_booking_stats(from_time timestamptz, to_time timestamptz)
returns table (calls_booked integer, calls_cancelled integer, leads integer, leads_booked integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select (select count(*) from public.call_bookings b
           where b.created_at >= from_time and b.created_at < to_time and b.status <> 'cancelled')::integer,
         (select count(*) from public.call_bookings b
           where b.created_at >= from_time and b.created_at < to_time and b.status = 'cancelled')::integer,
         (select count(*) from public.leads l where l.created_at >= from_time and l.created_at < to_time)::integer,
         (select count(*) from public.leads l
           where l.created_at >= from_time and l.created_at < to_time
             and exists (select 1 from public.call_bookings b where b.lead_id = l.id and b.status <> 'cancelled'))::integer
$$;

revoke all on function public.call_booking_stats(timestamptz, timestamptz) from public, anon;
grant execute on function public.call_booking_stats(timestamptz, timestamptz) to authenticated;

-- The settings screen's save, in one transaction: the settings row and the whole week's windows
-- (`windows`: [{ "weekday": 1, "start": "09:00", "end": "17:00" }, …]). Runs as the caller, so the
-- policies decide (an admin at aal2 once a factor is enrolled); the checks and the exclusion
-- constraint refuse a bad window, and then nothing is saved. Slot step, time zone and the rest stay.
create function public.save_call_availability(
  call_minutes integer,
  buffer_before_minutes integer,
  buffer_after_minutes integer,
  min_notice_hours integer,
  horizon_days integer,
  max_per_day integer,
  place_kind text,
  video_link_url text,
  windows jsonb
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(windows) is distinct from 'array' then
    raise exception 'The weekly hours must be a list.' using errcode = 'invalid_parameter_value';
  end if;
  update public.call_settings s
     set call_minutes = save_call_availability.call_minutes,
         buffer_before_minutes = save_call_availability.buffer_before_minutes,
         buffer_after_minutes = save_call_availability.buffer_after_minutes,
         min_notice_hours = save_call_availability.min_notice_hours,
         horizon_days = save_call_availability.horizon_days,
         max_per_day = save_call_availability.max_per_day,
         place_kind = save_call_availability.place_kind,
         video_link_url = nullif(btrim(save_call_availability.video_link_url), '')
   where s.id;
  if not found then
    raise exception 'Only an administrator may change the call settings.' using errcode = 'insufficient_privilege';
  end if;
  delete from public.call_weekly_hours h where h.id is not null;
  insert into public.call_weekly_hours (weekday, start_time, end_time)
  select (w ->> 'weekday')::smallint, (w ->> 'start')::time, (w ->> 'end')::time
    from jsonb_array_elements(windows) w;
end;
$$;

revoke all on function public.save_call_availability(integer, integer, integer, integer, integer, integer, text, text, jsonb)
  from public, anon;
grant execute on function public.save_call_availability(integer, integer, integer, integer, integer, integer, text, text, jsonb)
  to authenticated;
