-- hit_rate_limit takes the time of the hit from the caller when it gives one (`hit_time`): a test
-- then decides which window its hits fall in, instead of racing the database's clock across a
-- window's end. A deployment gives none, so every instance still counts by the database's one clock.
-- The occasional pruning never deletes a window that has not ended by both clocks.

drop function public.hit_rate_limit(text, integer, integer);
drop function private.hit_rate_limit(text, integer, integer);

create function private.hit_rate_limit(
  bucket_key text,
  max_hits integer,
  window_seconds integer,
  hit_time timestamptz default null
)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  hit_at timestamptz := coalesce(hit_time, now());
  window_length interval := make_interval(secs => window_seconds);
  started timestamptz := to_timestamp(floor(extract(epoch from hit_at) / window_seconds) * window_seconds);
  counted integer;
begin
  if bucket_key is null or bucket_key !~ '^[0-9a-f]{64}$' then
    raise exception 'A rate limit key is 64 hexadecimal characters.' using errcode = 'invalid_parameter_value';
  end if;
  if max_hits is null or max_hits < 1 or window_seconds is null or window_seconds < 1 or window_seconds > 86400 then
    raise exception 'A rate limit allows at least one hit in a window of 1 to 86400 seconds.' using errcode = 'invalid_parameter_value';
  end if;

  if random() < 0.01 then
    delete from private.rate_limit_counters where expires_at < least(hit_at, now());
  end if;

  insert into private.rate_limit_counters as c (key, window_start, expires_at, hits)
  values (bucket_key, started, started + window_length, 1)
  on conflict (key, window_start) do update set hits = c.hits + 1
  returning c.hits into counted;

  return query select counted <= max_hits,
                      case when counted <= max_hits then 0
                           else greatest(1, ceil(extract(epoch from (started + window_length - hit_at)))::integer) end;
end;
$$;

revoke all on function private.hit_rate_limit(text, integer, integer, timestamptz) from public, anon, authenticated;
grant execute on function private.hit_rate_limit(text, integer, integer, timestamptz) to service_role;

-- What the API exposes: the same call, running as the caller, so the privileged part stays out of
-- the exposed schema.
create function public.hit_rate_limit(
  bucket_key text,
  max_hits integer,
  window_seconds integer,
  hit_time timestamptz default null
)
returns table (allowed boolean, retry_after_seconds integer)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.hit_rate_limit(bucket_key, max_hits, window_seconds, hit_time)
$$;

revoke all on function public.hit_rate_limit(text, integer, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer, timestamptz) to service_role;
