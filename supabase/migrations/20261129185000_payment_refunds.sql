-- Refunds of the proposals' payments: Paystack's `refund.processed` names the transaction refunded
-- (its reference, a row of public.payments), the refund's own reference and the amount. A refund is
-- recorded once per refund reference, however many times it is reported; it lowers what the proposal
-- counts as paid, so a fully paid proposal goes back to paid in part (its history says why).
--
-- 20261129180000_proposals_and_payments.sql as it landed already makes all of this; a project whose
-- history ran an earlier text of it gets it here. So every statement holds on either: the table, its
-- index and its policies are made when missing, the rest replaced as they are.

create table if not exists public.payment_refunds (
  refund_reference text primary key
    constraint payment_refunds_refund_reference_check check (char_length(refund_reference) between 1 and 100),
  payment_id uuid not null references public.payments (id) on delete restrict,
  amount_minor bigint not null constraint payment_refunds_amount_minor_check check (amount_minor between 1 and 10000000000000),
  currency text not null constraint payment_refunds_currency_check check (char_length(currency) between 1 and 8),
  recorded_at timestamptz not null default now()
);

create index if not exists payment_refunds_payment_id_idx on public.payment_refunds (payment_id);

revoke all on table public.payment_refunds from anon, authenticated;
grant select on table public.payment_refunds to authenticated;
alter table public.payment_refunds enable row level security;

drop policy if exists "The lead team reads the refunds" on public.payment_refunds;
drop policy if exists "A second factor, where required, for refunds" on public.payment_refunds;
create policy "The lead team reads the refunds" on public.payment_refunds for select to authenticated
  using ((select private.works_leads()));
create policy "A second factor, where required, for refunds" on public.payment_refunds as restrictive
  for select to authenticated using ((select private.aal_satisfied()));

alter table public.proposal_events drop constraint if exists proposal_events_kind_check;
alter table public.proposal_events add constraint proposal_events_kind_check check (kind in (
  'created', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'payment', 'payment_flagged',
  'paid_in_part', 'paid', 'balance_requested', 'refund'
));

-- What counted payments add up to, less what was refunded of them.
create or replace function private.proposal_paid(proposal uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select (coalesce((select sum(p.amount_minor) from public.payments p
                     where p.proposal_id = proposal and p.status = 'counted'), 0)
          - coalesce((select sum(r.amount_minor) from public.payment_refunds r
                       join public.payments p on p.id = r.payment_id
                      where p.proposal_id = proposal and p.status = 'counted'), 0))::bigint
$$;

-- A refund Paystack reported: 'recorded' the first time, 'already' after, 'unknown' for a transaction
-- this site never recorded. A refund of a counted payment moves a paid proposal back to paid in part.
create or replace function public.record_refund(
  transaction_reference text, refund_reference text, amount_minor bigint, currency text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.payments;
  inserted text;
  paid bigint;
  total bigint;
begin
  select * into payment from public.payments p where p.reference = record_refund.transaction_reference;
  if payment.id is null then
    return 'unknown';
  end if;
  -- The proposal's lock, as record_payment takes it: its payments and refunds count one at a time.
  perform 1 from public.proposals where id = payment.proposal_id for update;
  insert into public.payment_refunds (refund_reference, payment_id, amount_minor, currency)
  values (record_refund.refund_reference, payment.id, record_refund.amount_minor, record_refund.currency)
  on conflict on constraint payment_refunds_pkey do nothing
  returning payment_refunds.refund_reference into inserted;
  if inserted is null then
    return 'already';
  end if;
  insert into public.proposal_events (proposal_id, kind, actor, detail)
  values (payment.proposal_id, 'refund', 'paystack', jsonb_build_object(
    'reference', record_refund.transaction_reference, 'refund_reference', record_refund.refund_reference,
    'amount_minor', record_refund.amount_minor));
  if payment.status = 'counted' then
    paid := private.proposal_paid(payment.proposal_id);
    total := private.proposal_total(payment.proposal_id);
    update public.proposals set status = 'paid_in_part'
     where id = payment.proposal_id and status = 'paid' and paid < total;
    if found then
      insert into public.proposal_events (proposal_id, kind, actor) values (payment.proposal_id, 'paid_in_part', 'system');
    end if;
  end if;
  return 'recorded';
end;
$$;

revoke all on function public.record_refund(text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.record_refund(text, text, bigint, text) to service_role;
