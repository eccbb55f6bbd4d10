-- retry_conversion_event: a SECURITY DEFINER function in the exposed schema is an endpoint that
-- bypasses RLS for any signed-in user (the advisor's security_definer_function_executable). As with
-- record_lead_forward, the privileged part moves to `private` (not exposed) and the API keeps the
-- same name and argument through a SECURITY INVOKER wrapper. The admin check stays inside.
create function private.retry_conversion_event(event_id bigint)
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

revoke all on function private.retry_conversion_event(bigint) from public, anon;
grant execute on function private.retry_conversion_event(bigint) to authenticated;

drop function public.retry_conversion_event(bigint);

create function public.retry_conversion_event(event_id bigint)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.retry_conversion_event(event_id)
$$;

revoke all on function public.retry_conversion_event(bigint) from public, anon;
grant execute on function public.retry_conversion_event(bigint) to authenticated;
