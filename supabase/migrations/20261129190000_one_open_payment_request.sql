-- One open payment request an installment: a double click on "pay", or a second tab, answers the
-- checkout already opened instead of opening another, and a second payment of an installment
-- already paid is kept, flagged for a refund, and not counted.
--
-- - public.payment_requests gains the installment it pays (its position in the plan; null for a
--   retainer) and the checkout's address at Paystack (authorization_url), stored once Paystack opened
--   it. Requests made before this migration take their installment from their reference
--   (P-0001-<position>-<random>, as api/proposals makes them).
-- - public.record_payment_request now takes the installment and answers the request to use: the one
--   still open for the same proposal, purpose and installment (not paid, opened within the last 30
--   minutes, as long as Paystack's checkout lasts, for the same amount and currency; without its
--   checkout's address yet, within the last minute only, while the server is asking Paystack), or
--   the new one it records. The proposal's row lock makes concurrent calls one at a time, so two
--   cannot both open one. A request without an installment (a retainer's month; a caller written
--   before this) is recorded as asked, as before.
-- - public.record_payment_link stores the checkout's address on the request that opened it.
-- - public.record_payment flags a payment for an installment that counted payments already cover
--   ('Installment n was already paid: refund it.'), as it flags an amount that was not asked.

alter table public.payment_requests
  add column installment smallint
    constraint payment_requests_installment_check check (installment between 0 and 11),
  add column authorization_url text
    constraint payment_requests_authorization_url_check check (authorization_url ~ '^https?://' and char_length(authorization_url) <= 500);

update public.payment_requests
   set installment = substring(reference from '^P-[0-9]+-([0-9]{1,2})-[0-9a-f]{16}$')::smallint
 where reference ~ '^P-[0-9]+-([0-9]|1[01])-[0-9a-f]{16}$';

create index payment_requests_open_idx on public.payment_requests (proposal_id, purpose, installment, created_at desc);

drop function public.record_payment_request(text, uuid, text, bigint, text);

-- A payment link the server is opening at Paystack: what it asks for, so that what arrives is
-- checked against it. Answers the request to use: the open one for this installment if there is
-- one (its reference and, once stored, its checkout's address), else the new one, as recorded.
-- Without an installment, always the new one.
create function public.record_payment_request(
  reference text, proposal uuid, purpose text, amount_minor bigint, currency text, installment smallint default null
)
returns public.payment_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  answer public.payment_requests;
begin
  -- One request a proposal at a time: concurrent calls wait here, and the second finds the first's.
  perform 1 from public.proposals p where p.id = proposal for update;
  if not found then
    raise exception 'That proposal does not exist.' using errcode = 'P0002';
  end if;
  select * into answer from public.payment_requests r
   where record_payment_request.installment is not null
     and r.proposal_id = proposal
     and r.purpose = record_payment_request.purpose
     and r.installment = record_payment_request.installment
     and r.amount_minor = record_payment_request.amount_minor
     and r.currency = record_payment_request.currency
     and r.created_at > now() - case when r.authorization_url is null then interval '1 minute' else interval '30 minutes' end
     and not exists (select 1 from public.payments p where p.reference = r.reference)
   order by r.created_at desc
   limit 1;
  if answer.reference is not null then
    return answer;
  end if;
  insert into public.payment_requests (reference, proposal_id, purpose, installment, amount_minor, currency)
  values (record_payment_request.reference, proposal, record_payment_request.purpose,
          record_payment_request.installment, record_payment_request.amount_minor, record_payment_request.currency)
  returning * into answer;
  return answer;
end;
$$;

-- The checkout's address Paystack gave for a request, stored once: true when stored.
create function public.record_payment_link(reference text, authorization_url text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with stored as (
    update public.payment_requests r set authorization_url = record_payment_link.authorization_url
     where r.reference = record_payment_link.reference and r.authorization_url is null
    returning 1
  )
  select exists (select 1 from stored)
$$;

-- A payment Paystack reported (its webhook, or the return page's verification), once per reference
-- however many times and in whatever order they come: 'recorded' the first time, 'already' after.
-- What does not match its request (amount, currency, or no request at all), or pays an installment
-- that counted payments already cover (two checkouts of one installment both paid), is kept, flagged
-- for the team to refund, and not counted. A counted payment moves the proposal to paid in part or
-- paid, and the first one marks the lead won.
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
  end if;
  insert into public.payments (reference, proposal_id, amount_minor, currency, status, flag_reason, channel, paid_at, recorded_by)
  values (record_payment.reference, request.proposal_id, record_payment.amount_minor, record_payment.currency,
          case when flag is null then 'counted' else 'flagged' end, flag, left(record_payment.channel, 40),
          record_payment.paid_at, record_payment.recorded_by)
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
          jsonb_build_object('reference', record_payment.reference, 'amount_minor', record_payment.amount_minor, 'purpose', request.purpose));
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

revoke all on function public.record_payment_request(text, uuid, text, bigint, text, smallint),
  public.record_payment_link(text, text) from public, anon, authenticated;
grant execute on function public.record_payment_request(text, uuid, text, bigint, text, smallint),
  public.record_payment_link(text, text) to service_role;
