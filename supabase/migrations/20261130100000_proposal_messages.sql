-- What a proposal sends (issue 46): the outbox of its e-mails, written in the transaction that
-- causes each one, sent by the `proposals` kind of the outbox (src/server/proposals/outbox.ts).
--
-- - public.proposal_messages: call_messages' lifecycle and columns (waiting -> delivered | skipped |
--   failed, claims, attempts, backoff), one row per proposal, kind, audience and event:
--     link             the client's link on each send, with the send's number (the dispatcher derives
--                      the link's token from the proposal's id and that number; only its hash is kept)
--     acceptance       the acceptance with the proposal as accepted (a PDF), to the client and to
--                      the team (the team's address is a setting, known only to the dispatcher)
--     receipt          each counted payment, to the client (keyed by the payment's reference)
--     balance          each request of the balance (request_balance), to the client
--     retainer         a month's retainer asked of the client, and retainer_failed, the team told
--                      that one could not be asked: the retainer job queues them (not yet written)
--   A trigger on public.proposal_events writes them: every state a message speaks of is reached by
--   writing its event (send_proposal, accept_proposal, record_payment, request_balance), and the
--   unique (proposal, kind, audience, event_key) makes one message of one event, however often the
--   event is written.
-- - claim_proposal_messages and finish_proposal_message, for the service role only, as
--   claim_call_messages and finish_call_message.
-- - public.request_balance(proposal): a member of the lead team asks the client for what is left.
--
-- The lead team reads the messages as it reads proposals (works_leads, and the second factor by
-- restrictive policy); anon and the other roles read nothing, and nobody but the service role's
-- functions writes them.

create table public.proposal_messages (
  id bigint generated always as identity primary key,
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  kind text not null constraint proposal_messages_kind_check
    check (kind in ('link', 'acceptance', 'receipt', 'balance', 'retainer', 'retainer_failed')),
  audience text not null constraint proposal_messages_audience_check check (audience in ('client', 'team')),
  -- What makes the message one of its kind: the send's number, 'accepted', the payment's reference,
  -- the balance request's event, the retainer's month.
  event_key text not null constraint proposal_messages_event_key_check check (char_length(event_key) between 1 and 100),
  -- The send whose link the message carries (link); the link of the latest send otherwise.
  send_number integer constraint proposal_messages_send_number_check check (send_number >= 1),
  -- What the retainer job tells (the month, the amount, why it failed).
  detail jsonb constraint proposal_messages_detail_check check (jsonb_typeof(detail) = 'object' and pg_column_size(detail) <= 2048),
  channel text not null default 'email' constraint proposal_messages_channel_check check (channel in ('email')),
  -- The client's address when queued; null for the team (a setting, read when sending).
  recipient text constraint proposal_messages_recipient_check check (char_length(recipient) <= 1000),
  status text not null default 'waiting'
    constraint proposal_messages_status_check check (status in ('waiting', 'delivered', 'skipped', 'failed')),
  skip_reason text constraint proposal_messages_skip_reason_check
    check (skip_reason in ('not_configured', 'superseded', 'paid')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  claim_token uuid,
  last_error text constraint proposal_messages_last_error_check check (char_length(last_error) <= 1000),
  response jsonb constraint proposal_messages_response_check check (pg_column_size(response) <= 8192),
  message_id text constraint proposal_messages_message_id_check check (char_length(message_id) <= 1000),
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint proposal_messages_once unique (proposal_id, kind, audience, event_key),
  constraint proposal_messages_skip_check check ((status = 'skipped') = (skip_reason is not null))
);

create index proposal_messages_due_idx on public.proposal_messages (next_attempt_at) where status = 'waiting';

-- Written in the transaction of the event that causes it, whoever writes the event.
create function private.queue_proposal_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  sends integer;
begin
  if new.kind not in ('sent', 'accepted', 'payment', 'balance_requested') then
    return null;
  end if;
  select lower(btrim(l.email)) into address
    from public.proposals p join public.leads l on l.id = p.lead_id
   where p.id = new.proposal_id;
  -- The sends so far, this one included: the number the link's token is derived from.
  select count(*) into sends from public.proposal_events e where e.proposal_id = new.proposal_id and e.kind = 'sent';
  if new.kind = 'sent' then
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, next_attempt_at)
    values (new.proposal_id, 'link', 'client', sends::text, sends, address, now())
    on conflict on constraint proposal_messages_once do nothing;
  elsif new.kind = 'accepted' then
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, next_attempt_at)
    values (new.proposal_id, 'acceptance', 'client', 'accepted', sends, address, now()),
           (new.proposal_id, 'acceptance', 'team', 'accepted', sends, null, now())
    on conflict on constraint proposal_messages_once do nothing;
  elsif new.kind = 'payment' then
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, next_attempt_at)
    values (new.proposal_id, 'receipt', 'client', coalesce(new.detail ->> 'reference', new.id::text), sends, address, now())
    on conflict on constraint proposal_messages_once do nothing;
  else
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, next_attempt_at)
    values (new.proposal_id, 'balance', 'client', new.id::text, sends, address, now())
    on conflict on constraint proposal_messages_once do nothing;
  end if;
  return null;
end;
$$;

revoke all on function private.queue_proposal_messages() from public, anon, authenticated;

create trigger proposal_events_queue_messages
  after insert on public.proposal_events
  for each row execute function private.queue_proposal_messages();

-- ---------------------------------------------------------------------------------------------
-- The dispatcher's side (service role only), as claim_call_messages and finish_call_message.
-- ---------------------------------------------------------------------------------------------

-- Claims due rows (optionally of one lead's proposals), each held two minutes, with what a message
-- needs: the proposal as it is now (no link hash), its total, what is paid (less refunds) and the
-- number of its latest send, the client's name and address, and for a receipt its payment.
create function public.claim_proposal_messages(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, proposal_id uuid, kind text, audience text, event_key text, send_number integer, detail jsonb,
  recipient text, attempts integer, claim_token uuid, response jsonb, proposal jsonb, payment jsonb
)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select m.id
      from public.proposal_messages m join public.proposals p on p.id = m.proposal_id
     where m.status = 'waiting'
       and m.next_attempt_at <= now()
       and (m.claimed_until is null or m.claimed_until < now())
       and (only_lead is null or p.lead_id = only_lead)
     order by m.next_attempt_at, m.id
     limit greatest(1, least(max_rows, 100))
       for update of m skip locked
  ), claimed as (
    update public.proposal_messages m
       set claimed_until = now() + interval '2 minutes', claim_token = gen_random_uuid(), attempts = m.attempts + 1, updated_at = now()
      from due
     where m.id = due.id
    returning m.*
  )
  select c.id, c.proposal_id, c.kind, c.audience, c.event_key, c.send_number, c.detail, c.recipient, c.attempts,
         c.claim_token, c.response,
         (to_jsonb(p) - 'token_hash' - 'accepted_ip') || jsonb_build_object(
           'accepted_ip', host(p.accepted_ip),
           'sends', (select count(*) from public.proposal_events e where e.proposal_id = p.id and e.kind = 'sent'),
           'total', private.proposal_total(p.id),
           'paid', private.proposal_paid(p.id),
           'client_name', l.full_name,
           'client_email', l.email
         ),
         case when c.kind = 'receipt' then (
           select jsonb_build_object(
                    'reference', pay.reference, 'amount_minor', pay.amount_minor, 'currency', pay.currency,
                    'channel', pay.channel, 'paid_at', pay.paid_at, 'purpose', r.purpose, 'installment', r.installment)
             from public.payments pay left join public.payment_requests r on r.reference = pay.reference
            where pay.reference = c.event_key and pay.proposal_id = c.proposal_id
         ) end
    from claimed c
    join public.proposals p on p.id = c.proposal_id
    join public.leads l on l.id = p.lead_id
   order by c.id
$$;

-- Records the outcome of a claimed row: 'delivered', 'retry' (waiting again at retry_at), 'failed'
-- or 'skipped' (detail: the reason). Only the holder of the claim may record it, once. The argument
-- is named as finish_call_message's, so it is qualified where the table has a column of that name.
create function public.finish_proposal_message(
  message bigint, token uuid, outcome text, detail text default null, provider_response jsonb default null,
  retry_at timestamptz default null, sent_to text default null, sent_message_id text default null
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with finished as (
    update public.proposal_messages m
       set status = case outcome when 'retry' then 'waiting' else outcome end,
           skip_reason = case when outcome = 'skipped' then finish_proposal_message.detail end,
           last_error = case when outcome in ('retry', 'failed') then left(finish_proposal_message.detail, 1000)
                             when outcome = 'delivered' then null else m.last_error end,
           response = coalesce(provider_response, m.response),
           next_attempt_at = case when outcome = 'retry' then coalesce(retry_at, now() + interval '5 minutes') end,
           delivered_at = case when outcome = 'delivered' then now() end,
           recipient = coalesce(left(sent_to, 1000), m.recipient),
           message_id = coalesce(left(sent_message_id, 1000), m.message_id),
           claimed_until = null,
           claim_token = null,
           updated_at = now()
     where m.id = message and m.claim_token = token and m.status = 'waiting'
       and outcome in ('delivered', 'retry', 'failed', 'skipped')
    returning 1
  )
  select exists (select 1 from finished)
$$;

revoke all on function public.claim_proposal_messages(integer, uuid) from public, anon, authenticated;
revoke all on function public.finish_proposal_message(bigint, uuid, text, text, jsonb, timestamptz, text, text)
  from public, anon, authenticated;
grant execute on function public.claim_proposal_messages(integer, uuid) to service_role;
grant execute on function public.finish_proposal_message(bigint, uuid, text, text, jsonb, timestamptz, text, text)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- Asking the client for the balance.
-- ---------------------------------------------------------------------------------------------

-- A member of the lead team asks the client for what is left of an accepted proposal (or one paid in
-- part) that has an installment due at completion or at a milestone not yet paid: the time is kept on
-- the proposal, the request on its history (by the member), and the e-mail is queued by the event.
-- Once a day at most: a second request within a day is refused, so a double click is one e-mail.
create function private.request_balance(proposal uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.proposals;
  paid bigint;
  due_position smallint;
begin
  if not (select private.works_leads()) or not (select private.aal_satisfied()) then
    raise exception 'Only the lead team asks for a balance.' using errcode = '42501';
  end if;
  select * into current from public.proposals p where p.id = proposal for update;
  if current.id is null then
    raise exception 'That proposal does not exist.' using errcode = 'P0002';
  end if;
  if current.status not in ('accepted', 'paid_in_part') then
    raise exception 'Only an accepted proposal not yet paid in full has a balance to ask for.' using errcode = '55000';
  end if;
  paid := private.proposal_paid(proposal);
  -- The first installment due at completion or a milestone that what was paid does not cover.
  select i.position into due_position
    from (select part.position, part.due,
                 sum(part.amount_minor) over (order by part.position) as through
            from public.proposal_installments part where part.proposal_id = proposal) i
   where i.due in ('completion', 'milestone') and i.through > paid
   order by i.position
   limit 1;
  if due_position is null then
    raise exception 'No installment due at completion or a milestone is left to pay.' using errcode = '55000';
  end if;
  if current.balance_requested_at > now() - interval '1 day' then
    raise exception 'The balance was asked for less than a day ago: the client has that e-mail.' using errcode = '55000';
  end if;
  update public.proposals set balance_requested_at = now() where id = proposal;
  insert into public.proposal_events (proposal_id, kind, actor, actor_id, detail)
  values (proposal, 'balance_requested', 'member', auth.uid(), jsonb_build_object(
    'installment', due_position, 'amount_minor', private.proposal_total(proposal) - paid));
  return now();
end;
$$;

revoke all on function private.request_balance(uuid) from public, anon;
grant execute on function private.request_balance(uuid) to authenticated;

create function public.request_balance(proposal uuid)
returns timestamptz language sql security invoker set search_path = ''
as $$ select private.request_balance(proposal) $$;

revoke all on function public.request_balance(uuid) from public, anon;
grant execute on function public.request_balance(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Who reads the messages: the lead team, with its second factor where required.
-- ---------------------------------------------------------------------------------------------

revoke all on table public.proposal_messages from anon, authenticated;
grant select on table public.proposal_messages to authenticated;

alter table public.proposal_messages enable row level security;

create policy "The lead team reads the proposals' messages" on public.proposal_messages for select to authenticated
  using ((select private.works_leads()));
create policy "A second factor, where required, for proposal messages" on public.proposal_messages as restrictive
  for select to authenticated using ((select private.aal_satisfied()));
