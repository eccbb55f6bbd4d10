-- Proposals and payments, the database's part: what a proposal holds, the one way each state is
-- reached, what is kept of an acceptance, and money that is never counted twice or lost.
--
-- - public.proposals: a proposal made from a lead (title, currency, a Markdown scope, a discount, the
--   valid-until date, an optional monthly retainer from the 1st of a month), its state, the SHA-256 of
--   the client's link (the token itself is never stored) and, once accepted, the acceptance: the name
--   typed, the time, the address and browser it came from, and the SHA-256 of the proposal as shown.
-- - public.proposal_lines: the package and the extras (quantity × unit price, in minor units).
-- - public.proposal_installments: the payment plan, each part's share and amount (50% on acceptance
--   and 50% at completion by default; the editor computes the amounts, the database checks they add
--   up to the total when the proposal is sent).
-- - public.proposal_events: each change of state, with who or what made it.
-- - public.payment_requests: each payment link the server opened at Paystack (its reference, the
--   amount and currency asked); public.payments: each payment Paystack reported, once per reference.
-- - public.payment_refunds: each refund Paystack reported, once per refund reference; it lowers what
--   the proposal counts as paid.
--
-- Money is bigint in the currency's minor unit (kobo, cents). Once accepted a proposal and its lines
-- and plan are immutable (a trigger); payments keep their proposal (a proposal with payments cannot
-- be deleted, nor its lead erased: the accounts keep them). Members who work leads read and write
-- proposals (as leads: private.works_leads, and the second factor by restrictive policy); the
-- client's page and Paystack reach them only through the service role's functions below.

create type public.proposal_status as enum (
  'draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'paid_in_part', 'paid'
);

create table public.proposals (
  id uuid primary key default gen_random_uuid(),
  -- What the client and the team call it: P-0001.
  number bigint generated always as identity constraint proposals_number_key unique,
  lead_id uuid not null references public.leads (id) on delete cascade,
  title text not null constraint proposals_title_check check (char_length(btrim(title)) between 1 and 160),
  currency text not null constraint proposals_currency_check check (currency in ('NGN', 'USD')),
  scope text not null default '' constraint proposals_scope_check check (char_length(scope) <= 20000),
  discount_minor bigint not null default 0
    constraint proposals_discount_minor_check check (discount_minor between 0 and 10000000000000),
  valid_until date not null default ((now() at time zone 'Africa/Lagos')::date + 14),
  retainer_minor bigint constraint proposals_retainer_minor_check check (retainer_minor between 1 and 10000000000000),
  retainer_starts_on date constraint proposals_retainer_starts_on_check check (extract(day from retainer_starts_on) = 1),
  status public.proposal_status not null default 'draft',
  token_hash text constraint proposals_token_hash_key unique
    constraint proposals_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz,
  viewed_at timestamptz,
  declined_at timestamptz,
  withdrawn_at timestamptz,
  accepted_at timestamptz,
  accepted_name text constraint proposals_accepted_name_check check (char_length(btrim(accepted_name)) between 1 and 120),
  accepted_ip inet,
  accepted_user_agent text constraint proposals_accepted_user_agent_check check (char_length(accepted_user_agent) <= 512),
  accepted_sha256 text constraint proposals_accepted_sha256_check check (accepted_sha256 ~ '^[0-9a-f]{64}$'),
  balance_requested_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint proposals_retainer_check check ((retainer_minor is null) = (retainer_starts_on is null)),
  constraint proposals_acceptance_check check (
    (accepted_at is null) = (accepted_name is null) and (accepted_at is null) = (accepted_sha256 is null)
  ),
  constraint proposals_sent_check check (status = 'draft' or (sent_at is not null and token_hash is not null)),
  constraint proposals_accepted_check check (
    (status in ('accepted', 'paid_in_part', 'paid')) = (accepted_at is not null)
  )
);

create index proposals_lead_id_idx on public.proposals (lead_id);
create index proposals_created_by_idx on public.proposals (created_by);
create index proposals_status_idx on public.proposals (status, updated_at desc);

create table public.proposal_lines (
  id bigint generated always as identity primary key,
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  position smallint not null constraint proposal_lines_position_check check (position between 0 and 99),
  kind text not null constraint proposal_lines_kind_check check (kind in ('package', 'extra')),
  description text not null constraint proposal_lines_description_check check (char_length(btrim(description)) between 1 and 300),
  quantity integer not null default 1 constraint proposal_lines_quantity_check check (quantity between 1 and 100000),
  unit_price_minor bigint not null constraint proposal_lines_unit_price_minor_check check (unit_price_minor between 0 and 10000000000000),
  constraint proposal_lines_position_key unique (proposal_id, position)
);

create table public.proposal_installments (
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  position smallint not null constraint proposal_installments_position_check check (position between 0 and 11),
  label text not null constraint proposal_installments_label_check check (char_length(btrim(label)) between 1 and 80),
  due text not null constraint proposal_installments_due_check check (due in ('acceptance', 'completion', 'milestone')),
  share_bp integer not null constraint proposal_installments_share_bp_check check (share_bp between 1 and 10000),
  amount_minor bigint not null constraint proposal_installments_amount_minor_check check (amount_minor between 1 and 10000000000000),
  primary key (proposal_id, position)
);

create table public.proposal_events (
  id bigint generated always as identity primary key,
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  kind text not null constraint proposal_events_kind_check check (kind in (
    'created', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'payment', 'payment_flagged',
    'paid_in_part', 'paid', 'balance_requested', 'refund'
  )),
  -- A member (actor_id), or the client, Paystack or the system.
  actor text not null constraint proposal_events_actor_check check (actor in ('member', 'client', 'paystack', 'system')),
  actor_id uuid references auth.users (id) on delete set null,
  detail jsonb constraint proposal_events_detail_check check (jsonb_typeof(detail) = 'object' and pg_column_size(detail) <= 2048),
  created_at timestamptz not null default now()
);

create index proposal_events_proposal_id_idx on public.proposal_events (proposal_id, created_at desc);
create index proposal_events_actor_id_idx on public.proposal_events (actor_id);

create table public.payment_requests (
  reference text primary key constraint payment_requests_reference_check check (reference ~ '^[A-Za-z0-9._=-]{8,100}$'),
  proposal_id uuid not null references public.proposals (id) on delete restrict,
  purpose text not null constraint payment_requests_purpose_check check (purpose in ('deposit', 'balance', 'retainer')),
  amount_minor bigint not null constraint payment_requests_amount_minor_check check (amount_minor between 1 and 10000000000000),
  currency text not null constraint payment_requests_currency_check check (currency in ('NGN', 'USD')),
  created_at timestamptz not null default now()
);

create index payment_requests_proposal_id_idx on public.payment_requests (proposal_id);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  reference text not null constraint payments_reference_key unique
    constraint payments_reference_check check (char_length(reference) between 1 and 100),
  proposal_id uuid not null references public.proposals (id) on delete restrict,
  amount_minor bigint not null constraint payments_amount_minor_check check (amount_minor between 1 and 10000000000000),
  currency text not null constraint payments_currency_check check (char_length(currency) between 1 and 8),
  -- Counted: what was asked arrived; flagged: it did not match what was asked, for the team to look at.
  status text not null constraint payments_status_check check (status in ('counted', 'flagged')),
  flag_reason text constraint payments_flag_reason_check check (char_length(flag_reason) <= 300),
  channel text constraint payments_channel_check check (char_length(channel) <= 40),
  paid_at timestamptz not null,
  -- Which of Paystack's webhook or the return page's verification recorded it first.
  recorded_by text not null constraint payments_recorded_by_check check (recorded_by in ('webhook', 'verify')),
  recorded_at timestamptz not null default now(),
  constraint payments_flag_check check ((status = 'flagged') = (flag_reason is not null))
);

create index payments_proposal_id_idx on public.payments (proposal_id, paid_at);

create table public.payment_refunds (
  refund_reference text primary key
    constraint payment_refunds_refund_reference_check check (char_length(refund_reference) between 1 and 100),
  payment_id uuid not null references public.payments (id) on delete restrict,
  amount_minor bigint not null constraint payment_refunds_amount_minor_check check (amount_minor between 1 and 10000000000000),
  currency text not null constraint payment_refunds_currency_check check (char_length(currency) between 1 and 8),
  recorded_at timestamptz not null default now()
);

create index payment_refunds_payment_id_idx on public.payment_refunds (payment_id);


-- ---------------------------------------------------------------------------------------------
-- What a proposal adds up to.
-- ---------------------------------------------------------------------------------------------

-- The lines' sum less the discount, in minor units.
create function private.proposal_total(proposal uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select sum(l.quantity::bigint * l.unit_price_minor) from public.proposal_lines l
                    where l.proposal_id = proposal), 0)
         - (select p.discount_minor from public.proposals p where p.id = proposal)
$$;

revoke all on function private.proposal_total(uuid) from public, anon;
grant execute on function private.proposal_total(uuid) to authenticated, service_role;

-- What counted payments add up to, less what was refunded of them.
create function private.proposal_paid(proposal uuid)
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

revoke all on function private.proposal_paid(uuid) from public, anon;
grant execute on function private.proposal_paid(uuid) to authenticated, service_role;

-- Why a proposal could not be sent as it is, or null: a total above zero, a discount within the
-- lines, and a plan whose shares make 100% and whose amounts make the total, the first due on
-- acceptance.
create function private.proposal_unsendable(proposal uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  total bigint := private.proposal_total(proposal);
  shares bigint;
  amounts bigint;
  first_due text;
begin
  if total <= 0 then
    return 'The proposal has no amount to pay: add a line, or lower the discount.';
  end if;
  select coalesce(sum(share_bp), 0), coalesce(sum(amount_minor), 0) into shares, amounts
    from public.proposal_installments where proposal_id = proposal;
  select due into first_due from public.proposal_installments where proposal_id = proposal order by position limit 1;
  if shares <> 10000 then
    return 'The payment plan''s shares must make 100%.';
  end if;
  if amounts <> total then
    return 'The payment plan''s amounts must add up to the total.';
  end if;
  if first_due is distinct from 'acceptance' then
    return 'The first payment is due on acceptance (the deposit).';
  end if;
  return null;
end;
$$;

revoke all on function private.proposal_unsendable(uuid) from public, anon;
grant execute on function private.proposal_unsendable(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- What was accepted is what is kept.
-- ---------------------------------------------------------------------------------------------

-- An accepted proposal changes only as its payments arrive (status, the balance's request, the
-- time of the change); it is never deleted. Its lines and plan never change.
create function private.keep_accepted_proposal()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.accepted_at is null then
    return coalesce(new, old);
  end if;
  if tg_op = 'DELETE' then
    raise exception 'An accepted proposal is kept as it was accepted.' using errcode = '42501';
  end if;
  if (to_jsonb(new) - 'status' - 'balance_requested_at' - 'updated_at')
     is distinct from (to_jsonb(old) - 'status' - 'balance_requested_at' - 'updated_at')
     or new.status not in ('accepted', 'paid_in_part', 'paid') then
    raise exception 'An accepted proposal is kept as it was accepted.' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger proposals_keep_accepted
  before update or delete on public.proposals
  for each row execute function private.keep_accepted_proposal();

create function private.keep_accepted_proposal_parts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.proposals p
     where p.id in (old.proposal_id, new.proposal_id) and p.accepted_at is not null
  ) then
    raise exception 'An accepted proposal is kept as it was accepted.' using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;

revoke all on function private.keep_accepted_proposal_parts() from public, anon, authenticated;

create trigger proposal_lines_keep_accepted
  before insert or update or delete on public.proposal_lines
  for each row execute function private.keep_accepted_proposal_parts();

create trigger proposal_installments_keep_accepted
  before insert or update or delete on public.proposal_installments
  for each row execute function private.keep_accepted_proposal_parts();

create function private.touch_proposal()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger proposals_touch
  before update on public.proposals
  for each row execute function private.touch_proposal();

-- Each proposal's history starts with its creation, by whoever made it.
create function private.record_proposal_created()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.proposal_events (proposal_id, kind, actor, actor_id)
  values (new.id, 'created', case when auth.uid() is null then 'system' else 'member' end, auth.uid());
  return new;
end;
$$;

revoke all on function private.record_proposal_created() from public, anon, authenticated;

create trigger proposals_record_created
  after insert on public.proposals
  for each row execute function private.record_proposal_created();

-- ---------------------------------------------------------------------------------------------
-- The team's side: members who work leads, with their second factor where it is required.
-- ---------------------------------------------------------------------------------------------

revoke all on table public.proposals, public.proposal_lines, public.proposal_installments, public.proposal_events,
  public.payment_requests, public.payments, public.payment_refunds from anon, authenticated;

grant select on table public.proposals, public.proposal_lines, public.proposal_installments, public.proposal_events,
  public.payment_requests, public.payments, public.payment_refunds to authenticated;
grant insert (lead_id, title, currency, scope, discount_minor, valid_until, retainer_minor, retainer_starts_on),
  update (title, currency, scope, discount_minor, valid_until, retainer_minor, retainer_starts_on),
  delete on table public.proposals to authenticated;
grant insert, update, delete on table public.proposal_lines, public.proposal_installments to authenticated;

alter table public.proposals enable row level security;
alter table public.proposal_lines enable row level security;
alter table public.proposal_installments enable row level security;
alter table public.proposal_events enable row level security;
alter table public.payment_requests enable row level security;
alter table public.payments enable row level security;
alter table public.payment_refunds enable row level security;

create policy "The lead team works the proposals" on public.proposals for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));
-- Only a draft is changed or deleted by hand; every other state moves through the functions below.
create policy "Only drafts are edited by hand" on public.proposals as restrictive for update to authenticated
  using (status = 'draft') with check (status = 'draft');
create policy "Only drafts are deleted by hand" on public.proposals as restrictive for delete to authenticated
  using (status = 'draft');
create policy "The lead team works the proposals' lines" on public.proposal_lines for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));
create policy "The lead team works the proposals' plans" on public.proposal_installments for all to authenticated
  using ((select private.works_leads())) with check ((select private.works_leads()));
create policy "The lead team reads the proposals' history" on public.proposal_events for select to authenticated
  using ((select private.works_leads()));
create policy "The lead team reads the payment requests" on public.payment_requests for select to authenticated
  using ((select private.works_leads()));
create policy "The lead team reads the payments" on public.payments for select to authenticated
  using ((select private.works_leads()));
create policy "The lead team reads the refunds" on public.payment_refunds for select to authenticated
  using ((select private.works_leads()));

create policy "A second factor, where required, for proposals" on public.proposals as restrictive for all
  to authenticated using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "A second factor, where required, for proposal lines" on public.proposal_lines as restrictive for all
  to authenticated using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "A second factor, where required, for proposal plans" on public.proposal_installments as restrictive
  for all to authenticated using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "A second factor, where required, for proposal history" on public.proposal_events as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "A second factor, where required, for payment requests" on public.payment_requests as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "A second factor, where required, for payments" on public.payments as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
create policy "A second factor, where required, for refunds" on public.payment_refunds as restrictive
  for select to authenticated using ((select private.aal_satisfied()));

-- Lines and plans of a draft only: a sent proposal is withdrawn, not changed under the client's eyes.
create policy "Only a draft's lines are edited" on public.proposal_lines as restrictive for all to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'))
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
create policy "Only a draft's plan is edited" on public.proposal_installments as restrictive for all to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'))
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));

-- Sends a draft (or sends again one that was sent, with a new link): checks it adds up, keeps the
-- hash of the client's new link, and records who sent it. The server function (api/proposals) makes
-- the token, calls this with the member's session, then queues the e-mail through the outbox.
create function private.send_proposal(proposal uuid, token_hash text)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.proposals;
  why text;
begin
  if not (select private.works_leads()) or not (select private.aal_satisfied()) then
    raise exception 'Only the lead team sends proposals.' using errcode = '42501';
  end if;
  select * into current from public.proposals p where p.id = proposal for update;
  if current.id is null then
    raise exception 'That proposal does not exist.' using errcode = 'P0002';
  end if;
  if current.status not in ('draft', 'sent', 'viewed') then
    raise exception 'Only a draft, or a proposal not yet answered, is sent.' using errcode = '55000';
  end if;
  if current.valid_until < (now() at time zone 'Africa/Lagos')::date then
    raise exception 'The proposal''s valid-until date has passed: set a later one first.' using errcode = '22023';
  end if;
  why := private.proposal_unsendable(proposal);
  if why is not null then
    raise exception '%', why using errcode = '23514';
  end if;
  update public.proposals
     set status = 'sent', sent_at = now(), token_hash = send_proposal.token_hash, viewed_at = null
   where id = proposal;
  insert into public.proposal_events (proposal_id, kind, actor, actor_id) values (proposal, 'sent', 'member', auth.uid());
  return now();
end;
$$;

-- Withdraws a proposal the client has not answered: its link stops working.
create function private.withdraw_proposal(proposal uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.works_leads()) or not (select private.aal_satisfied()) then
    raise exception 'Only the lead team withdraws proposals.' using errcode = '42501';
  end if;
  update public.proposals set status = 'withdrawn', withdrawn_at = now()
   where id = proposal and status in ('sent', 'viewed');
  if not found then
    raise exception 'Only a proposal sent and not yet answered is withdrawn.' using errcode = '55000';
  end if;
  insert into public.proposal_events (proposal_id, kind, actor, actor_id)
  values (proposal, 'withdrawn', 'member', auth.uid());
  return true;
end;
$$;

revoke all on function private.send_proposal(uuid, text), private.withdraw_proposal(uuid) from public, anon;
grant execute on function private.send_proposal(uuid, text), private.withdraw_proposal(uuid) to authenticated;

create function public.send_proposal(proposal uuid, token_hash text)
returns timestamptz language sql security invoker set search_path = ''
as $$ select private.send_proposal(proposal, token_hash) $$;

create function public.withdraw_proposal(proposal uuid)
returns boolean language sql security invoker set search_path = ''
as $$ select private.withdraw_proposal(proposal) $$;

revoke all on function public.send_proposal(uuid, text), public.withdraw_proposal(uuid) from public, anon;
grant execute on function public.send_proposal(uuid, text), public.withdraw_proposal(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The client's side and Paystack's, through the server (service role only).
-- ---------------------------------------------------------------------------------------------

-- The proposal behind a client's link, or nothing for a link that is unknown, withdrawn, declined
-- or expired (an unanswered proposal past its date becomes expired here). The first open marks it
-- viewed.
create function public.proposal_by_token(token_hash text)
returns setof public.proposals
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found_row public.proposals;
begin
  select * into found_row from public.proposals p where p.token_hash = proposal_by_token.token_hash for update;
  if found_row.id is null or found_row.status in ('draft', 'withdrawn', 'declined', 'expired') then
    return;
  end if;
  if found_row.status in ('sent', 'viewed') and found_row.valid_until < (now() at time zone 'Africa/Lagos')::date then
    update public.proposals set status = 'expired' where id = found_row.id;
    insert into public.proposal_events (proposal_id, kind, actor) values (found_row.id, 'expired', 'system');
    return;
  end if;
  if found_row.status = 'sent' then
    update public.proposals set status = 'viewed', viewed_at = now() where id = found_row.id
    returning * into found_row;
    insert into public.proposal_events (proposal_id, kind, actor) values (found_row.id, 'viewed', 'client');
  end if;
  return next found_row;
end;
$$;

-- The client accepts: the name they typed, where from, and the SHA-256 of the proposal as their page
-- showed it. The row's lock makes concurrent accepts one: the first records the acceptance, the
-- others answer 'already'. 'gone' for a link that no longer leads to an open proposal.
create function public.accept_proposal(
  token_hash text, accepted_name text, accepted_ip inet, accepted_user_agent text, shown_sha256 text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found_row public.proposals;
begin
  select * into found_row from public.proposals p where p.token_hash = accept_proposal.token_hash for update;
  if found_row.id is null or found_row.status in ('draft', 'withdrawn', 'declined', 'expired') then
    return 'gone';
  end if;
  if found_row.accepted_at is not null then
    return 'already';
  end if;
  if found_row.valid_until < (now() at time zone 'Africa/Lagos')::date then
    update public.proposals set status = 'expired' where id = found_row.id;
    insert into public.proposal_events (proposal_id, kind, actor) values (found_row.id, 'expired', 'system');
    return 'gone';
  end if;
  update public.proposals
     set status = 'accepted', accepted_at = now(), accepted_name = btrim(accept_proposal.accepted_name),
         accepted_ip = accept_proposal.accepted_ip, accepted_user_agent = left(accept_proposal.accepted_user_agent, 512),
         accepted_sha256 = shown_sha256
   where id = found_row.id;
  insert into public.proposal_events (proposal_id, kind, actor, detail)
  values (found_row.id, 'accepted', 'client', jsonb_build_object('name', btrim(accept_proposal.accepted_name)));
  return 'accepted';
end;
$$;

-- The client declines an open proposal.
create function public.decline_proposal(token_hash text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  declined uuid;
begin
  update public.proposals set status = 'declined', declined_at = now()
   where proposals.token_hash = decline_proposal.token_hash and status in ('sent', 'viewed')
  returning id into declined;
  if declined is null then
    return false;
  end if;
  insert into public.proposal_events (proposal_id, kind, actor) values (declined, 'declined', 'client');
  return true;
end;
$$;

-- A payment link the server opened at Paystack: what it asked for, so that what arrives is checked
-- against it.
create function public.record_payment_request(
  reference text, proposal uuid, purpose text, amount_minor bigint, currency text
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.payment_requests (reference, proposal_id, purpose, amount_minor, currency)
  values (reference, proposal, purpose, amount_minor, currency)
$$;

-- A payment Paystack reported (its webhook, or the return page's verification), once per reference
-- however many times and in whatever order they come: 'recorded' the first time, 'already' after.
-- What does not match its request (amount, currency, or no request at all) is kept, flagged, and not
-- counted. A counted payment moves the proposal to paid in part or paid, and the first one marks the
-- lead won.
create function public.record_payment(
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

-- A refund Paystack reported: 'recorded' the first time, 'already' after, 'unknown' for a transaction
-- this site never recorded. A refund of a counted payment moves a paid proposal back to paid in part.
create function public.record_refund(
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

revoke all on function public.proposal_by_token(text), public.accept_proposal(text, text, inet, text, text),
  public.decline_proposal(text), public.record_payment_request(text, uuid, text, bigint, text),
  public.record_payment(text, bigint, text, text, timestamptz, text), public.record_refund(text, text, bigint, text)
  from public, anon, authenticated;
grant execute on function public.proposal_by_token(text), public.accept_proposal(text, text, inet, text, text),
  public.decline_proposal(text), public.record_payment_request(text, uuid, text, bigint, text),
  public.record_payment(text, bigint, text, text, timestamptz, text), public.record_refund(text, text, bigint, text)
  to service_role;
