-- Retainers: a proposal's monthly retainer is asked for on the 1st of each month by a payment request
-- the schedule opens, and paid on the proposal's page like the deposit. Not Paystack's plans and
-- subscriptions: a subscription charges a saved card again, and most of the agency's clients pay by
-- bank transfer or USSD, which Paystack cannot charge again by itself; a subscription's amount would
-- also live at Paystack, apart from the accepted proposal that sets it. A request a month is paid by
-- any channel, and checked, recorded, receipted and counted by the functions every payment goes
-- through (record_payment, the webhook, the receipts).
--
-- - public.retainer_months: one row per proposal and month asked (the amount and currency, when it
--   was asked, and when the team was told it is still unpaid).
-- - public.retainer_stops: a retainer the agency stopped (who, when); public.stop_retainer(proposal)
--   for the lead team. No month is asked after the stop; one already asked can still be paid.
-- - payment_requests and payments gain retainer_month, the month they pay (null for the plan's
--   installments). What a proposal counts as paid toward its plan (private.proposal_paid) leaves the
--   retainer's payments out, so a month's retainer never pays an installment.
-- - public.record_payment copies the month from the request, and flags a second payment of a month
--   already paid (two checkouts of one month both paid), as it flags a second payment of an
--   installment.
-- - public.run_proposal_schedule(today): the schedule's daily step (service role only). Proposals
--   sent and unanswered past their valid-until date become expired; each running retainer whose start
--   has come gets this month's row and its 'retainer' e-mail (proposal_messages); a month still unpaid
--   7 days after it was asked tells the team once ('retainer_failed'). Running it twice changes
--   nothing.

create table public.retainer_months (
  proposal_id uuid not null references public.proposals (id) on delete restrict,
  month date not null constraint retainer_months_month_check check (extract(day from month) = 1),
  amount_minor bigint not null constraint retainer_months_amount_minor_check check (amount_minor between 1 and 10000000000000),
  currency text not null constraint retainer_months_currency_check check (currency in ('NGN', 'USD')),
  asked_at timestamptz not null default now(),
  unpaid_told_at timestamptz,
  primary key (proposal_id, month)
);

create table public.retainer_stops (
  proposal_id uuid primary key references public.proposals (id) on delete restrict,
  stopped_at timestamptz not null default now(),
  stopped_by uuid default auth.uid() references auth.users (id) on delete set null
);

create index retainer_stops_stopped_by_idx on public.retainer_stops (stopped_by);

alter table public.payment_requests
  add column retainer_month date
    constraint payment_requests_retainer_month_check check (retainer_month is null or purpose = 'retainer');
alter table public.payments
  add column retainer_month date;

alter table public.proposal_events drop constraint proposal_events_kind_check;
alter table public.proposal_events add constraint proposal_events_kind_check check (kind in (
  'created', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'payment', 'payment_flagged',
  'paid_in_part', 'paid', 'balance_requested', 'refund', 'retainer_asked', 'retainer_unpaid', 'retainer_stopped'
));

revoke all on table public.retainer_months, public.retainer_stops from anon, authenticated;
grant select on table public.retainer_months, public.retainer_stops to authenticated;
alter table public.retainer_months enable row level security;
alter table public.retainer_stops enable row level security;

create policy "The lead team reads the retainer's months" on public.retainer_months for select to authenticated
  using ((select private.works_leads()));
create policy "A second factor, where required, for retainer months" on public.retainer_months as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "The lead team reads the retainers stopped" on public.retainer_stops for select to authenticated
  using ((select private.works_leads()));
create policy "A second factor, where required, for retainer stops" on public.retainer_stops as restrictive
  for select to authenticated using ((select private.aal_satisfied()));

-- What counted payments toward the plan add up to, less what was refunded of them: a retainer's
-- months are paid beside the plan, not toward it.
create or replace function private.proposal_paid(proposal uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select (coalesce((select sum(p.amount_minor) from public.payments p
                     where p.proposal_id = proposal and p.status = 'counted' and p.retainer_month is null), 0)
          - coalesce((select sum(r.amount_minor) from public.payment_refunds r
                       join public.payments p on p.id = r.payment_id
                      where p.proposal_id = proposal and p.status = 'counted' and p.retainer_month is null), 0))::bigint
$$;

-- As 20261129190000_one_open_payment_request.sql's, with the retainer's month: copied from the request
-- onto the payment, and a second payment of a month already paid flagged for a refund.
create or replace function public.record_payment(
  reference text, amount_minor bigint, currency text, channel text, paid_at timestamptz, recorded_by text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  request public.payment_requests;
  proposal public.proposals;
  flag text;
  inserted uuid;
  paid bigint;
  total bigint;
begin
  select * into request from public.payment_requests r where r.reference = record_payment.reference;
  if request.reference is null then
    return 'unknown';
  end if;
  -- One payment a proposal at a time: concurrent reports of payments wait for each other here.
  select * into proposal from public.proposals p where p.id = request.proposal_id for update;
  if record_payment.currency <> request.currency then
    flag := format('Paid in %s, asked in %s.', record_payment.currency, request.currency);
  elsif record_payment.amount_minor <> request.amount_minor then
    flag := format('Paid %s, asked %s (minor units).', record_payment.amount_minor, request.amount_minor);
  elsif proposal.accepted_at is null then
    flag := 'Paid for a proposal that is not accepted.';
  elsif request.installment is not null
        and private.proposal_paid(request.proposal_id) >= (
          select coalesce(sum(i.amount_minor), 0) from public.proposal_installments i
           where i.proposal_id = request.proposal_id and i.position <= request.installment
        ) then
    flag := format('Installment %s was already paid: refund it.', request.installment + 1);
  elsif request.retainer_month is not null and exists (
          select 1 from public.payments p
           where p.proposal_id = request.proposal_id and p.retainer_month = request.retainer_month
             and p.status = 'counted'
        ) then
    flag := format('The retainer for %s was already paid: refund it.', to_char(request.retainer_month, 'FMMonth YYYY'));
  end if;
  insert into public.payments (reference, proposal_id, amount_minor, currency, status, flag_reason, channel, paid_at,
                               recorded_by, retainer_month)
  values (record_payment.reference, request.proposal_id, record_payment.amount_minor, record_payment.currency,
          case when flag is null then 'counted' else 'flagged' end, flag, left(record_payment.channel, 40),
          record_payment.paid_at, record_payment.recorded_by, request.retainer_month)
  on conflict on constraint payments_reference_key do nothing
  returning id into inserted;
  if inserted is null then
    return 'already';
  end if;
  if flag is not null then
    insert into public.proposal_events (proposal_id, kind, actor, detail)
    values (request.proposal_id, 'payment_flagged', 'paystack', jsonb_build_object('reference', record_payment.reference, 'reason', flag));
    return 'flagged';
  end if;
  insert into public.proposal_events (proposal_id, kind, actor, detail)
  values (request.proposal_id, 'payment', 'paystack',
          jsonb_build_object('reference', record_payment.reference, 'amount_minor', record_payment.amount_minor,
                             'purpose', request.purpose)
          || case when request.retainer_month is null then '{}'::jsonb
                  else jsonb_build_object('month', to_char(request.retainer_month, 'YYYY-MM')) end);
  if request.purpose <> 'retainer' then
    paid := private.proposal_paid(request.proposal_id);
    total := private.proposal_total(request.proposal_id);
    update public.proposals set status = case when paid >= total then 'paid' else 'paid_in_part' end::public.proposal_status
     where id = request.proposal_id and status is distinct from (case when paid >= total then 'paid' else 'paid_in_part' end)::public.proposal_status;
    if found then
      insert into public.proposal_events (proposal_id, kind, actor)
      values (request.proposal_id, case when paid >= total then 'paid' else 'paid_in_part' end, 'system');
    end if;
  end if;
  update public.leads set status = 'won' where id = proposal.lead_id and status <> 'won';
  return 'recorded';
end;
$$;

-- A payment link for a month of the retainer, as record_payment_request opens one for an
-- installment: the open one for that month if there is one (not paid, its checkout opened within 30
-- minutes, or within the last minute while the server asks Paystack), else the new one, as recorded.
-- 'P0002' for a month not asked (or not this proposal's), '55000' for one already paid.
create function public.record_retainer_request(reference text, proposal uuid, month date)
returns public.payment_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  asked public.retainer_months;
  answer public.payment_requests;
begin
  perform 1 from public.proposals p where p.id = proposal for update;
  select * into asked from public.retainer_months m where m.proposal_id = proposal and m.month = record_retainer_request.month;
  if asked.proposal_id is null then
    raise exception 'That month''s retainer was not asked for.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.payments p where p.proposal_id = proposal and p.retainer_month = asked.month and p.status = 'counted') then
    raise exception 'That month''s retainer is paid.' using errcode = '55000';
  end if;
  select * into answer from public.payment_requests r
   where r.proposal_id = proposal and r.retainer_month = asked.month
     and r.created_at > now() - case when r.authorization_url is null then interval '1 minute' else interval '30 minutes' end
     and not exists (select 1 from public.payments p where p.reference = r.reference)
   order by r.created_at desc
   limit 1;
  if answer.reference is not null then
    return answer;
  end if;
  insert into public.payment_requests (reference, proposal_id, purpose, amount_minor, currency, retainer_month)
  values (record_retainer_request.reference, proposal, 'retainer', asked.amount_minor, asked.currency, asked.month)
  returning * into answer;
  return answer;
end;
$$;

revoke all on function public.record_retainer_request(text, uuid, date) from public, anon, authenticated;
grant execute on function public.record_retainer_request(text, uuid, date) to service_role;

-- The lead team stops a proposal's retainer: no month is asked after this.
create function private.stop_retainer(proposal uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  stopped timestamptz;
begin
  if not (select private.works_leads()) or not (select private.aal_satisfied()) then
    raise exception 'Only the lead team stops retainers.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.proposals p where p.id = proposal and p.retainer_minor is not null) then
    raise exception 'That proposal has no retainer.' using errcode = 'P0002';
  end if;
  insert into public.retainer_stops (proposal_id, stopped_by) values (proposal, auth.uid())
  on conflict (proposal_id) do nothing
  returning stopped_at into stopped;
  if stopped is null then
    raise exception 'That retainer is already stopped.' using errcode = '55000';
  end if;
  insert into public.proposal_events (proposal_id, kind, actor, actor_id) values (proposal, 'retainer_stopped', 'member', auth.uid());
  return stopped;
end;
$$;

revoke all on function private.stop_retainer(uuid) from public, anon;
grant execute on function private.stop_retainer(uuid) to authenticated;

create function public.stop_retainer(proposal uuid)
returns timestamptz language sql security invoker set search_path = ''
as $$ select private.stop_retainer(proposal) $$;

revoke all on function public.stop_retainer(uuid) from public, anon;
grant execute on function public.stop_retainer(uuid) to authenticated;

-- The schedule's daily step for proposals, on `today` (a day in Lagos). Answers what it did.
create function public.run_proposal_schedule(today date default ((now() at time zone 'Africa/Lagos')::date))
returns table (expired integer, asked integer, unpaid integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  this_month date := date_trunc('month', today)::date;
  item record;
  sends integer;
begin
  expired := 0;
  asked := 0;
  unpaid := 0;

  for item in
    update public.proposals p set status = 'expired'
     where p.status in ('sent', 'viewed') and p.valid_until < today
    returning p.id
  loop
    insert into public.proposal_events (proposal_id, kind, actor) values (item.id, 'expired', 'system');
    expired := expired + 1;
  end loop;

  for item in
    select p.id, p.retainer_minor, p.currency, lower(btrim(l.email)) as address
      from public.proposals p join public.leads l on l.id = p.lead_id
     where p.retainer_minor is not null and p.retainer_starts_on <= this_month
       and p.status in ('accepted', 'paid_in_part', 'paid')
       and not exists (select 1 from public.retainer_stops s where s.proposal_id = p.id)
       and not exists (select 1 from public.retainer_months m where m.proposal_id = p.id and m.month = this_month)
     for update of p
  loop
    insert into public.retainer_months (proposal_id, month, amount_minor, currency)
    values (item.id, this_month, item.retainer_minor, item.currency);
    insert into public.proposal_events (proposal_id, kind, actor, detail)
    values (item.id, 'retainer_asked', 'system',
            jsonb_build_object('month', to_char(this_month, 'YYYY-MM'), 'amount_minor', item.retainer_minor));
    select count(*) into sends from public.proposal_events e where e.proposal_id = item.id and e.kind = 'sent';
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, detail, recipient, next_attempt_at)
    values (item.id, 'retainer', 'client', to_char(this_month, 'YYYY-MM'), greatest(sends, 1),
            jsonb_build_object('month', to_char(this_month, 'YYYY-MM'), 'amount_minor', item.retainer_minor,
                               'currency', item.currency),
            item.address, now())
    on conflict on constraint proposal_messages_once do nothing;
    asked := asked + 1;
  end loop;

  for item in
    update public.retainer_months m set unpaid_told_at = now()
     where m.unpaid_told_at is null and m.asked_at < now() - interval '7 days'
       and not exists (select 1 from public.payments p
                        where p.proposal_id = m.proposal_id and p.retainer_month = m.month and p.status = 'counted')
    returning m.proposal_id, m.month, m.amount_minor, m.currency
  loop
    insert into public.proposal_events (proposal_id, kind, actor, detail)
    values (item.proposal_id, 'retainer_unpaid', 'system', jsonb_build_object('month', to_char(item.month, 'YYYY-MM')));
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, detail, next_attempt_at)
    values (item.proposal_id, 'retainer_failed', 'team', to_char(item.month, 'YYYY-MM'),
            jsonb_build_object('month', to_char(item.month, 'YYYY-MM'), 'amount_minor', item.amount_minor,
                               'currency', item.currency, 'reason', 'unpaid 7 days after it was asked'),
            now())
    on conflict on constraint proposal_messages_once do nothing;
    unpaid := unpaid + 1;
  end loop;
  return next;
end;
$$;

revoke all on function public.run_proposal_schedule(date) from public, anon, authenticated;
grant execute on function public.run_proposal_schedule(date) to service_role;
