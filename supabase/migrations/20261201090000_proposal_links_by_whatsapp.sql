-- The client's link by WhatsApp too (issue 46: "Send e-mails the client a link through the outbox,
-- and WhatsApp when configured"). Each send now queues two link messages when the lead left a phone
-- number: the e-mail, and a WhatsApp template message to that number. The dispatcher
-- (src/server/proposals/outbox.ts) sends the second only when the client's template is configured
-- (WHATSAPP_PROPOSAL_TEMPLATE), else skips it as not configured; a number WhatsApp cannot take
-- (too short or too long once written in E.164) is skipped as 'no_number'.
--
-- - proposal_messages.channel takes 'whatsapp', and the once-per-event key includes the channel, so
--   the e-mail and the WhatsApp message of one send are two rows and each is sent once.
-- - queue_proposal_messages queues the WhatsApp link beside the e-mail, with the phone as the lead
--   wrote it (normalised when sent).
-- - claim_proposal_messages returns each row's channel (its result changes, so it is made again,
--   with its grants).
-- - integration_status counts a proposal's WhatsApp rows under WhatsApp, not SMTP.

alter table public.proposal_messages drop constraint proposal_messages_channel_check;
alter table public.proposal_messages
  add constraint proposal_messages_channel_check check (channel in ('email', 'whatsapp'));

alter table public.proposal_messages drop constraint proposal_messages_skip_reason_check;
alter table public.proposal_messages
  add constraint proposal_messages_skip_reason_check check (skip_reason in ('not_configured', 'superseded', 'paid', 'no_number'));

-- Only a link goes by WhatsApp: the PDF, the receipts and the team's notices stay e-mail.
alter table public.proposal_messages
  add constraint proposal_messages_whatsapp_check check (channel = 'email' or (kind = 'link' and audience = 'client'));

alter table public.proposal_messages drop constraint proposal_messages_once;
alter table public.proposal_messages
  add constraint proposal_messages_once unique (proposal_id, kind, audience, event_key, channel);

create or replace function private.queue_proposal_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  phone text;
  sends integer;
begin
  if new.kind not in ('sent', 'accepted', 'payment', 'balance_requested') then
    return null;
  end if;
  select lower(btrim(l.email)), nullif(btrim(l.phone), '') into address, phone
    from public.proposals p join public.leads l on l.id = p.lead_id
   where p.id = new.proposal_id;
  -- The sends so far, this one included: the number the link's token is derived from.
  select count(*) into sends from public.proposal_events e where e.proposal_id = new.proposal_id and e.kind = 'sent';
  if new.kind = 'sent' then
    insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, recipient, next_attempt_at)
    values (new.proposal_id, 'link', 'client', sends::text, sends, address, now())
    on conflict on constraint proposal_messages_once do nothing;
    if phone is not null then
      insert into public.proposal_messages (proposal_id, kind, audience, event_key, send_number, channel, recipient, next_attempt_at)
      values (new.proposal_id, 'link', 'client', sends::text, sends, 'whatsapp', phone, now())
      on conflict on constraint proposal_messages_once do nothing;
    end if;
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

drop function public.claim_proposal_messages(integer, uuid);

-- As 20261130100000_proposal_messages.sql wrote it, with the row's channel.
create function public.claim_proposal_messages(max_rows integer default 20, only_lead uuid default null)
returns table (
  id bigint, proposal_id uuid, kind text, audience text, channel text, event_key text, send_number integer,
  detail jsonb, recipient text, attempts integer, claim_token uuid, response jsonb, proposal jsonb, payment jsonb
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
  select c.id, c.proposal_id, c.kind, c.audience, c.channel, c.event_key, c.send_number, c.detail, c.recipient,
         c.attempts, c.claim_token, c.response,
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

revoke all on function public.claim_proposal_messages(integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_proposal_messages(integer, uuid) to service_role;

create or replace function private.integration_status()
returns table (
  service text, configured boolean, configured_seen_at timestamptz, last_success_at timestamptz,
  last_failure_at timestamptz, last_failure_message text, needs_reconnect boolean,
  reconnect_notified_at timestamptz, waiting bigint, failed bigint, recent_failures jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) or not (select private.aal_satisfied()) then
    raise exception 'Only the Owner and Administrators see the integrations.' using errcode = '42501';
  end if;
  return query
  with pending as (
    select case c.platform when 'google' then 'google_ads' else c.platform end as service,
           c.status, c.last_error, c.updated_at
      from public.conversion_events c where c.status in ('waiting', 'failed')
    union all
    select case m.channel when 'whatsapp' then 'whatsapp' when 'webhook' then 'crm_webhook' else 'smtp' end,
           m.status, m.last_error, m.updated_at
      from public.lead_messages m where m.status in ('waiting', 'failed')
    union all
    select case when m.kind = 'calendar_event' then 'google_calendar' else 'smtp' end,
           m.status, m.last_error, m.updated_at
      from public.call_messages m where m.status in ('waiting', 'failed')
    union all
    select 'smtp', n.status, n.last_error, n.updated_at
      from public.team_notices n where n.status in ('waiting', 'failed')
    union all
    select case p.channel when 'whatsapp' then 'whatsapp' else 'smtp' end, p.status, p.last_error, p.updated_at
      from public.proposal_messages p where p.status in ('waiting', 'failed')
  ), counts as (
    select r.service,
           count(*) filter (where r.status = 'waiting') as waiting,
           count(*) filter (where r.status = 'failed') as failed
      from pending r group by r.service
  )
  select h.service, h.configured, h.configured_seen_at, h.last_success_at, h.last_failure_at,
         h.last_failure_message, h.needs_reconnect, h.reconnect_notified_at,
         coalesce(c.waiting, 0), coalesce(c.failed, 0),
         coalesce((select jsonb_agg(jsonb_build_object('at', f.updated_at, 'error', left(f.last_error, 300)) order by f.updated_at desc)
                     from (select r.updated_at, r.last_error from pending r
                            where r.service = h.service and r.status = 'failed'
                            order by r.updated_at desc limit 3) f), '[]'::jsonb)
    from public.integration_health h
    left join counts c on c.service = h.service
   order by array_position(array['smtp', 'whatsapp', 'meta', 'google_ads', 'google_calendar', 'newsletter', 'crm_webhook'], h.service);
end;
$$;
