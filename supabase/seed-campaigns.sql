-- Sample ad campaigns for local development only: `npm run dev` applies this file once, after
-- seed.sql, to a new persisted database (supabase/local/index.ts), never to the suites' in-memory
-- databases, whose tests count leads and payments of their own. Run `npm run db:reset` to get it on
-- an existing local database.
--
-- Two campaigns as the ad platforms' stand-ins report them (supabase/local/ad-spend-standin.ts,
-- SEEDED_CAMPAIGNS): Meta's "clinic-leads" (id 120211000000001, an account in naira) and Google
-- Ads' "web-design-search" (id 21874000001, an account in dollars). Their spend arrives through the
-- daily import on the first scheduled run; this file gives what the site itself recorded: visits
-- with the campaign's id or only its name, leads, calls, paid proposals, and the month's dollar rate.
--
-- Triggers are off while it runs (session_replication_role = replica), as for a restore: the rows
-- are history, so nothing is queued to send (no e-mail, no conversion event) and the times written
-- are kept. Every check and exclusion constraint still holds.

set session_replication_role = replica;

-- Visits over the last 7 days: most with the campaign's id (the URL template), some with its name only.
insert into public.page_views (created_at, visitor, kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign, utm_id, has_click_id)
select now() - make_interval(days => d, hours => v % 20),
       decode(md5('clinic' || d || '-' || v) || md5('seed' || v), 'hex'),
       'pageview', '/services', 'phone', 'm.facebook.com', 'facebook', 'paid', 'clinic-leads',
       case when v % 5 = 0 then null else '120211000000001' end, true
  from generate_series(0, 6) d, generate_series(1, 24) v;

insert into public.page_views (created_at, visitor, kind, path, device, referrer_host, utm_source, utm_medium, utm_campaign, utm_id, has_click_id)
select now() - make_interval(days => d, hours => v % 20),
       decode(md5('search' || d || '-' || v) || md5('seed' || v), 'hex'),
       'pageview', '/portfolio', 'desktop', 'www.google.com', 'google', 'cpc', 'web-design-search', '21874000001', true
  from generate_series(0, 6) d, generate_series(1, 11) v;

-- Leads: their first touch as the visitor's browser kept it.
insert into public.leads (id, created_at, updated_at, status, full_name, email, service, ad_platform, first_touch, latest_touch)
values
  ('5eed0000-0000-4000-8000-000000000101', now() - interval '6 days', now() - interval '5 days', 'won', 'Amaka Nwosu', 'amaka.nwosu@example.ng', 'paid-ads', 'facebook',
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'utm_id', '120211000000001', 'landing_page', '/services', 'at', to_char(now() - interval '6 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')), null),
  ('5eed0000-0000-4000-8000-000000000102', now() - interval '5 days', now() - interval '4 days', 'won', 'Tunde Bakare', 'tunde.bakare@example.ng', 'web-design', null,
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'utm_id', '120211000000001', 'landing_page', '/services'), null),
  ('5eed0000-0000-4000-8000-000000000103', now() - interval '4 days', now() - interval '4 days', 'qualified', 'Ngozi Eze', 'ngozi.eze@example.ng', 'crm', null,
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'utm_id', '120211000000001', 'landing_page', '/services'), null),
  ('5eed0000-0000-4000-8000-000000000104', now() - interval '3 days', now() - interval '3 days', 'contacted', 'Ibrahim Sani', 'ibrahim.sani@example.ng', 'paid-ads', 'facebook',
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'landing_page', '/services'), null),
  ('5eed0000-0000-4000-8000-000000000105', now() - interval '2 days', now() - interval '2 days', 'new', 'Funke Adeyemi', 'funke.adeyemi@example.ng', 'web-design', null,
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'utm_id', '120211000000001', 'landing_page', '/services'), null),
  ('5eed0000-0000-4000-8000-000000000106', now() - interval '1 day', now() - interval '1 day', 'new', 'Chinedu Okeke', 'chinedu.okeke@example.ng', 'paid-ads', 'facebook',
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'clinic-leads', 'landing_page', '/services'), null),
  ('5eed0000-0000-4000-8000-000000000201', now() - interval '6 days', now() - interval '3 days', 'won', 'Halima Bello', 'halima.bello@example.ng', 'web-design', null,
   jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'web-design-search', 'utm_id', '21874000001', 'gclid', 'seed-gclid-201', 'landing_page', '/portfolio'), null),
  ('5eed0000-0000-4000-8000-000000000202', now() - interval '4 days', now() - interval '4 days', 'contacted', 'Emeka Obi', 'emeka.obi@example.ng', 'web-design', null,
   jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'web-design-search', 'utm_id', '21874000001', 'landing_page', '/portfolio'), null),
  ('5eed0000-0000-4000-8000-000000000203', now() - interval '2 days', now() - interval '2 days', 'new', 'Kemi Alade', 'kemi.alade@example.ng', 'web-design', null,
   jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'web-design-search', 'utm_id', '21874000001', 'landing_page', '/portfolio'), null)
on conflict (id) do nothing;

-- Calls booked (confirmed), each on an hour of its own next week.
insert into public.call_bookings (lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source, manage_token_hash, confirmed_at, created_at)
select lead_id::uuid, slot, slot + interval '30 minutes', 0, 0, tstzrange(slot, slot + interval '30 minutes'), 'Africa/Lagos', 'book_page',
       md5(lead_id || 'manage') || md5(lead_id || 'token'), now() - interval '1 day', now() - interval '1 day'
  from (values
    ('5eed0000-0000-4000-8000-000000000101', date_trunc('day', now()) + interval '8 days 9 hours'),
    ('5eed0000-0000-4000-8000-000000000102', date_trunc('day', now()) + interval '8 days 10 hours'),
    ('5eed0000-0000-4000-8000-000000000103', date_trunc('day', now()) + interval '8 days 11 hours'),
    ('5eed0000-0000-4000-8000-000000000201', date_trunc('day', now()) + interval '8 days 13 hours')
  ) as c (lead_id, slot)
on conflict do nothing;

-- Proposals accepted and paid in full, in naira: ₦250,000, ₦150,000 and ₦300,000.
insert into public.proposals (id, lead_id, title, currency, status, sent_at, token_hash, accepted_at, accepted_name, accepted_sha256, created_at, updated_at)
select p.id::uuid, p.lead_id::uuid, p.title, 'NGN', 'paid', now() - interval '4 days', md5(p.id || 'send') || md5(p.id || 'hash'),
       now() - interval '4 days', p.client, md5(p.id || 'shown') || md5(p.id || 'shown-2'), now() - interval '5 days', now() - interval '3 days'
  from (values
    ('5eed0000-0000-4000-8000-000000000301', '5eed0000-0000-4000-8000-000000000101', 'AdGrowth for Nwosu Dental', 'Amaka Nwosu'),
    ('5eed0000-0000-4000-8000-000000000302', '5eed0000-0000-4000-8000-000000000102', 'LaunchSite for Bakare Clinic', 'Tunde Bakare'),
    ('5eed0000-0000-4000-8000-000000000303', '5eed0000-0000-4000-8000-000000000201', 'GrowthSite for Bello Interiors', 'Halima Bello')
  ) as p (id, lead_id, title, client)
on conflict (id) do nothing;

-- Each proposal's one line (its package) and one installment (all of it on acceptance), from one list.
with sold (proposal_id, package, amount_minor) as (
  values
    ('5eed0000-0000-4000-8000-000000000301'::uuid, 'AdGrowth', 25000000),
    ('5eed0000-0000-4000-8000-000000000302'::uuid, 'LaunchSite', 15000000),
    ('5eed0000-0000-4000-8000-000000000303'::uuid, 'GrowthSite', 30000000)
), lines as (
  insert into public.proposal_lines (proposal_id, position, kind, description, quantity, unit_price_minor)
  select proposal_id, 0, 'package', package, 1, amount_minor from sold
  on conflict do nothing
)
insert into public.proposal_installments (proposal_id, position, label, due, share_bp, amount_minor)
select proposal_id, 0, 'In full', 'acceptance', 10000, amount_minor from sold
on conflict do nothing;

insert into public.payments (reference, proposal_id, amount_minor, currency, status, channel, paid_at, recorded_by)
values
  ('seed-clinic-leads-1', '5eed0000-0000-4000-8000-000000000301', 25000000, 'NGN', 'counted', 'card', now() - interval '4 days', 'webhook'),
  ('seed-clinic-leads-2', '5eed0000-0000-4000-8000-000000000302', 15000000, 'NGN', 'counted', 'bank_transfer', now() - interval '3 days', 'webhook'),
  ('seed-web-design-search-1', '5eed0000-0000-4000-8000-000000000303', 30000000, 'NGN', 'counted', 'card', now() - interval '3 days', 'webhook')
on conflict (reference) do nothing;

-- The Google Ads account is in dollars: this month's and last month's rate.
insert into public.exchange_rates (from_currency, to_currency, month, rate, updated_by)
values
  ('USD', 'NGN', date_trunc('month', now())::date, 1550, null),
  ('USD', 'NGN', (date_trunc('month', now()) - interval '1 month')::date, 1530, null)
on conflict do nothing;

set session_replication_role = origin;
