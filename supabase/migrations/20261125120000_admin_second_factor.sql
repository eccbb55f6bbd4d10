-- The admin's second factor, enforced by the database (Supabase's documented pattern for MFA and
-- RLS): a user with a verified factor in auth.mfa_factors reads and writes nothing of the admin's
-- data with an `aal1` token, whatever the screen does and even through the REST API directly; a
-- user without one keeps working at `aal1`. Anon and signed-in users who are not admins are
-- unchanged: RESTRICTIVE policies are ANDed with the permissive ones, so they only ever narrow what
-- those already allow, and every permissive policy on these tables already requires an admin.
-- auth.mfa_factors and auth.sessions are GoTrue's own tables on a hosted project (the local
-- platform shim creates them with the same shape). Applies unchanged to a hosted project.

-- ---------------------------------------------------------------------------------------------
-- The one definition: the caller's token is aal2, or the caller has no verified factor. An
-- unverified factor (enrolment not finished) does not count, as in GoTrue. Security definer
-- because auth.mfa_factors is not readable by the API's roles; in `private`, which the API does
-- not expose. Policies call it as `(select private.aal_satisfied())`, once per statement.
-- ---------------------------------------------------------------------------------------------
create function private.aal_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
      or not exists (
           select 1 from auth.mfa_factors f
            where f.user_id = (select auth.uid())
              and f.status = 'verified'
         )
$$;

revoke all on function private.aal_satisfied() from public, anon;
grant execute on function private.aal_satisfied() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Leads, their history and notes, erasures, and the outbox: one restrictive policy per table for
-- every command. The views lead_counts and lead_weekly_counts and the reports campaign_report and
-- lead_response_stats run with the caller's rights over these tables, so they show nothing either.
-- ---------------------------------------------------------------------------------------------
create policy "A second factor, once enrolled, is required for leads"
  on public.leads as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for the history of leads"
  on public.lead_events as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for the record of erasures"
  on public.lead_erasures as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for conversion events"
  on public.conversion_events as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required for lead messages"
  on public.lead_messages as restrictive for all
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- Posts: what everyone sees (published, its time come) stays readable at aal1; drafts, scheduled
-- posts and every write need the second factor once one is enrolled.
-- ---------------------------------------------------------------------------------------------
create policy "A second factor, once enrolled, is required for unpublished posts"
  on public.posts as restrictive for select
  to authenticated
  using ((status = 'published' and published_at <= now()) or (select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required to write a post"
  on public.posts as restrictive for insert
  to authenticated
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required to change a post"
  on public.posts as restrictive for update
  to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

create policy "A second factor, once enrolled, is required to delete a post"
  on public.posts as restrictive for delete
  to authenticated
  using ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- Blog images: listing, upload, replace and delete in the bucket. Public URLs are served without
-- any policy and stay as they are. Other buckets (none today) are left to their own policies.
-- ---------------------------------------------------------------------------------------------
create policy "A second factor, once enrolled, is required for blog images"
  on storage.objects as restrictive for all
  to authenticated
  using (bucket_id <> 'blog-images' or (select private.aal_satisfied()))
  with check (bucket_id <> 'blog-images' or (select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------
-- The retry RPCs run as their owner, past RLS, so they check the factor themselves, beside the
-- admin check (same signatures; the public SECURITY INVOKER wrappers are unchanged).
-- ---------------------------------------------------------------------------------------------
create or replace function private.retry_conversion_event(event_id bigint)
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
       and (select private.aal_satisfied())
       and (e.status = 'failed' or (e.status = 'skipped' and e.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

create or replace function private.retry_lead_message(message bigint)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with updated as (
    update public.lead_messages m
       set status = 'waiting', skip_reason = null, attempts = 0, next_attempt_at = now(),
           claimed_until = null, claim_token = null, updated_at = now()
     where m.id = message
       and (select private.is_admin())
       and (select private.aal_satisfied())
       and (m.status = 'failed' or (m.status = 'skipped' and m.skip_reason = 'not_configured'))
    returning 1
  )
  select exists (select 1 from updated)
$$;

-- ---------------------------------------------------------------------------------------------
-- The Security page's "last signed in": GoTrue's API has the time (the user's last_sign_in_at)
-- but not the device. The device class is derived here from the latest session's user agent, so
-- every screen shows the same answer: 'tablet' (iPad, Android without "Mobile", "Tablet", Kindle,
-- Silk), 'phone' ("Mobi", iPhone, iPod, Windows Phone, BlackBerry, Opera Mini), otherwise
-- 'desktop'; null when the session has no user agent. iPadOS Safari presents itself as a Mac and
-- is classed 'desktop', as by every user-agent parser. The raw user agent comes too, for detail.
-- ---------------------------------------------------------------------------------------------
create function private.device_class(user_agent text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when nullif(btrim(user_agent), '') is null then null
           when user_agent ~* '(ipad|tablet|kindle|silk/|playbook)' or (user_agent ~* 'android' and user_agent !~* 'mobile') then 'tablet'
           when user_agent ~* '(mobi|iphone|ipod|windows phone|blackberry|bb10|opera mini)' then 'phone'
           else 'desktop'
         end
$$;

revoke all on function private.device_class(text) from public;
grant execute on function private.device_class(text) to authenticated;

-- Only the caller's own row, and like everything else of an account with a verified factor, only
-- at aal2. Security definer (auth.users and auth.sessions are not readable by the API's roles) in
-- `private`; the API's name is a SECURITY INVOKER wrapper, as the advisor asks.
create function private.my_sign_in_activity()
returns table (last_sign_in_at timestamptz, user_agent text, device_class text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.last_sign_in_at, s.user_agent, private.device_class(s.user_agent)
    from auth.users u
    left join lateral (
      select ses.user_agent from auth.sessions ses
       where ses.user_id = u.id
       order by ses.created_at desc, ses.id
       limit 1
    ) s on true
   where u.id = (select auth.uid())
     and (select private.aal_satisfied())
$$;

revoke all on function private.my_sign_in_activity() from public, anon;
grant execute on function private.my_sign_in_activity() to authenticated;

create function public.my_sign_in_activity()
returns table (last_sign_in_at timestamptz, user_agent text, device_class text)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.my_sign_in_activity()
$$;

revoke all on function public.my_sign_in_activity() from public, anon;
grant execute on function public.my_sign_in_activity() to authenticated;
