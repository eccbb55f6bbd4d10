-- Leads: every enquiry from the contact form, with the ad campaign that brought it, and its
-- follow-up by the admins. Applies unchanged to a hosted project.
--
-- Visitors (anon, through api/contact.ts) may insert a lead and nothing else: not read it back,
-- not count, not change or delete anything. Admins read leads and change their status; every
-- status change and note is kept in lead_events. The checks repeat the function's rules, so a
-- direct REST call cannot store what the form would refuse.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status text not null default 'new'
    constraint leads_status_check check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),

  full_name text not null constraint leads_full_name_check check (char_length(btrim(full_name)) between 1 and 120),
  email text not null constraint leads_email_check check (char_length(email) <= 254 and email ~* '^[^[:space:]@<>]+@[^[:space:]@<>]+\.[^[:space:]@<>.]{2,}$'),
  company_name text constraint leads_company_name_check check (char_length(company_name) <= 160),
  phone text constraint leads_phone_check check (char_length(phone) <= 40 and phone ~ '^[0-9 +().-]*$'),
  message text constraint leads_message_check check (char_length(message) <= 5000),

  service text constraint leads_service_check check (service in ('web-design', 'crm', 'paid-ads')),
  has_website text constraint leads_has_website_check check (has_website in ('yes', 'no')),
  web_package text constraint leads_web_package_check check (web_package in ('LaunchSite', 'GrowthSite', 'ShopSite OS')),
  reference text constraint leads_reference_check check (char_length(reference) <= 1000),
  features text[] constraint leads_features_check
    check (features <@ array['speed', 'animations', 'lead-form', 'e-commerce', 'others']::text[] and cardinality(features) <= 5),
  uses_crm text constraint leads_uses_crm_check check (uses_crm in ('yes', 'no')),
  crm_package text constraint leads_crm_package_check check (crm_package in ('CustomerFlow', 'CustomerFlow Pro', 'CustomerFlow OS')),
  team_size integer constraint leads_team_size_check check (team_size between 1 and 100000),
  challenge text constraint leads_challenge_check check (char_length(challenge) <= 2000),
  ad_platform text constraint leads_ad_platform_check check (ad_platform in ('facebook', 'google', 'both')),
  ad_package text constraint leads_ad_package_check check (ad_package in ('AdIgnite', 'AdGrowth', 'AdEngine OS')),
  has_run_ads text constraint leads_has_run_ads_check check (has_run_ads in ('yes', 'no')),
  roas text constraint leads_roas_check check (roas in ('<1x', '1-2x', '2-5x', '5x+')),

  -- Attribution: the visit's first and latest touch, as the visitor's browser kept them
  -- (utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid, landing_page,
  -- referrer, at). Small objects of strings, nothing else.
  first_touch jsonb constraint leads_first_touch_check check (jsonb_typeof(first_touch) = 'object' and pg_column_size(first_touch) <= 4096),
  latest_touch jsonb constraint leads_latest_touch_check check (jsonb_typeof(latest_touch) = 'object' and pg_column_size(latest_touch) <= 4096),
  -- Where the lead came from, for the inbox's filters and chart: the campaign's utm_source, else the
  -- ad network its click id names (gclid: google, fbclid: facebook), the first touch before the
  -- latest; else the referring site's host; else 'direct'. The campaign likewise.
  source text generated always as (
    lower(left(coalesce(
      nullif(btrim(first_touch ->> 'utm_source'), ''),
      case when first_touch ? 'gclid' then 'google' when first_touch ? 'fbclid' then 'facebook' end,
      nullif(btrim(latest_touch ->> 'utm_source'), ''),
      case when latest_touch ? 'gclid' then 'google' when latest_touch ? 'fbclid' then 'facebook' end,
      substring(first_touch ->> 'referrer' from '^https?://(?:www\.)?([^/:?#]+)'),
      substring(latest_touch ->> 'referrer' from '^https?://(?:www\.)?([^/:?#]+)'),
      'direct'
    ), 80))
  ) stored,
  campaign text generated always as (
    left(coalesce(nullif(btrim(first_touch ->> 'utm_campaign'), ''), nullif(btrim(latest_touch ->> 'utm_campaign'), '')), 120)
  ) stored,

  -- The CRM webhook: whether the lead was forwarded, or why not. The function that stores the
  -- lead records this once, with the token only it knows (record_lead_forward below).
  forward_token uuid,
  forwarded_at timestamptz,
  forward_error text constraint leads_forward_error_check check (char_length(forward_error) <= 500)
);

create index leads_created_at_idx on public.leads (created_at desc, id desc);
create index leads_status_created_at_idx on public.leads (status, created_at desc);
create index leads_source_idx on public.leads (source);

create table public.lead_events (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  created_at timestamptz not null default now(),
  kind text not null constraint lead_events_kind_check check (kind in ('status', 'note')),
  from_status text,
  to_status text,
  note text constraint lead_events_note_check check (note is null or char_length(btrim(note)) between 1 and 5000),
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  constraint lead_events_shape_check check (
    (kind = 'status' and to_status is not null and note is null) or (kind = 'note' and note is not null and to_status is null)
  )
);

create index lead_events_lead_id_idx on public.lead_events (lead_id, created_at);

-- A status change is written to the history by the database itself, so it cannot be skipped.
create function private.log_lead_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    insert into public.lead_events (lead_id, kind, from_status, to_status, author_id)
    values (new.id, 'status', old.status, new.status, (select auth.uid()));
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.log_lead_status() from public;

create trigger leads_log_status
  before update on public.leads
  for each row execute function private.log_lead_status();

-- A new lead starts new and unforwarded, whatever an insert says.
create function private.new_lead_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.status := 'new';
  new.created_at := now();
  new.updated_at := now();
  new.forwarded_at := null;
  new.forward_error := null;
  return new;
end;
$$;

revoke all on function private.new_lead_defaults() from public;

create trigger leads_new_defaults
  before insert on public.leads
  for each row execute function private.new_lead_defaults();

-- The function records the webhook's outcome once, shortly after storing the lead. Anon cannot
-- update leads (RLS could not tell the function from any visitor), so this checks the token the
-- function generated and stored with the lead, and only fills an empty outcome.
create function public.record_lead_forward(lead_id uuid, token uuid, forwarded boolean, error text default null)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with updated as (
    update public.leads l
       set forwarded_at = case when forwarded then now() end,
           forward_error = case when forwarded then null else left(coalesce(error, 'The webhook did not accept the lead.'), 500) end,
           forward_token = null
     where l.id = lead_id
       and l.forward_token = token
       and l.forwarded_at is null
       and l.forward_error is null
       and l.created_at > now() - interval '10 minutes'
    returning 1
  )
  select exists (select 1 from updated)
$$;

revoke all on function public.record_lead_forward(uuid, uuid, boolean, text) from public;
grant execute on function public.record_lead_forward(uuid, uuid, boolean, text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The inbox's figures: leads per week by source (last 12 weeks), and counts by status, service and
-- source (the source filter's choices).
-- Views run with the caller's rights, so only admins (through the policies below) see anything.
-- ---------------------------------------------------------------------------------------------
create view public.lead_weekly_counts
  with (security_invoker = true)
as
  select date_trunc('week', created_at) as week, source, count(*)::integer as leads
    from public.leads
   where created_at >= date_trunc('week', now()) - interval '11 weeks'
   group by 1, 2;

create view public.lead_counts
  with (security_invoker = true)
as
  select 'status'::text as dimension, status as value, count(*)::integer as leads from public.leads group by status
  union all
  select 'service', coalesce(service, 'unspecified'), count(*)::integer from public.leads group by service
  union all
  select 'source', source, count(*)::integer from public.leads group by source;

-- ---------------------------------------------------------------------------------------------
-- Privileges and row-level security
-- ---------------------------------------------------------------------------------------------
revoke all on table public.leads, public.lead_events, public.lead_weekly_counts, public.lead_counts from anon, authenticated;

grant insert on table public.leads to anon, authenticated;
grant select on table public.leads to authenticated;
grant update (status) on table public.leads to authenticated;
grant select, insert on table public.lead_events to authenticated;
grant select on table public.lead_weekly_counts, public.lead_counts to authenticated;

alter table public.leads enable row level security;
alter table public.lead_events enable row level security;

create policy "Visitors leave a lead"
  on public.leads for insert
  to anon, authenticated
  with check (true);

create policy "Admins read leads"
  on public.leads for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins change a lead's status"
  on public.leads for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins read the history of leads"
  on public.lead_events for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins add notes as themselves"
  on public.lead_events for insert
  to authenticated
  with check ((select private.is_admin()) and kind = 'note' and author_id = (select auth.uid()));
