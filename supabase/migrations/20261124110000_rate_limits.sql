-- Rate limits that hold across every function instance: one table of counters and one function
-- that counts a hit. The functions (contact, newsletter, blog search) call it through the API with
-- the anon key (src/server/rate-limit-postgres.ts). Applies unchanged to a hosted project.
--
-- A counter's key is an HMAC of the rule's name and the client's address (or e-mail address) made
-- by the function with a secret salt: the table never holds an address, and nobody without the
-- salt can tell which key is whose or aim at someone else's quota. Windows are fixed: a window
-- starts at a multiple of its length, so every instance agrees on it without a clock of its own.

create table private.rate_limit_counters (
  key text not null constraint rate_limit_counters_key_check check (key ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  expires_at timestamptz not null,
  hits integer not null default 1,
  primary key (key, window_start)
);

create index rate_limit_counters_expires_at_idx on private.rate_limit_counters (expires_at);

-- Not reachable through the API (private is not exposed, nothing is granted); RLS on regardless.
alter table private.rate_limit_counters enable row level security;
revoke all on table private.rate_limit_counters from public, anon, authenticated;

-- Deletes the counters whose window has ended; returns how many.
create function private.prune_rate_limit_counters()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (delete from private.rate_limit_counters where expires_at < now() returning 1)
  select count(*)::integer from gone
$$;

revoke all on function private.prune_rate_limit_counters() from public;

-- Counts one hit under `bucket_key` in the current window of `window_seconds` and says whether it
-- is within `max_hits`, and how long until the window ends. One statement (insert ... on conflict
-- do update ... returning), so concurrent hits on any instance are counted exactly. About one
-- call in a hundred first deletes the counters whose window has ended, so the table stays small
-- with no job to run.
create function private.hit_rate_limit(bucket_key text, max_hits integer, window_seconds integer)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  window_length interval := make_interval(secs => window_seconds);
  started timestamptz := to_timestamp(floor(extract(epoch from now()) / window_seconds) * window_seconds);
  counted integer;
begin
  if bucket_key is null or bucket_key !~ '^[0-9a-f]{64}$' then
    raise exception 'A rate limit key is 64 hexadecimal characters.' using errcode = 'invalid_parameter_value';
  end if;
  if max_hits is null or max_hits < 1 or window_seconds is null or window_seconds < 1 or window_seconds > 86400 then
    raise exception 'A rate limit allows at least one hit in a window of 1 to 86400 seconds.' using errcode = 'invalid_parameter_value';
  end if;

  if random() < 0.01 then
    perform private.prune_rate_limit_counters();
  end if;

  insert into private.rate_limit_counters as c (key, window_start, expires_at, hits)
  values (bucket_key, started, started + window_length, 1)
  on conflict (key, window_start) do update set hits = c.hits + 1
  returning c.hits into counted;

  return query select counted <= max_hits,
                      case when counted <= max_hits then 0
                           else greatest(1, ceil(extract(epoch from (started + window_length - now())))::integer) end;
end;
$$;

revoke all on function private.hit_rate_limit(text, integer, integer) from public;
grant execute on function private.hit_rate_limit(text, integer, integer) to anon, authenticated;

-- What the API exposes: the same call, running as the caller, so the privileged part stays out of
-- the exposed schema.
create function public.hit_rate_limit(bucket_key text, max_hits integer, window_seconds integer)
returns table (allowed boolean, retry_after_seconds integer)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.hit_rate_limit(bucket_key, max_hits, window_seconds)
$$;

revoke all on function public.hit_rate_limit(text, integer, integer) from public;
grant execute on function public.hit_rate_limit(text, integer, integer) to anon, authenticated;
