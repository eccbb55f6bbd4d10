-- Erasure: an admin deletes a lead on the visitor's request (Nigeria Data Protection Act 2023, GDPR
-- art. 17). The lead goes, and with it everything that references it (lead_events' history by ON
-- DELETE CASCADE; later tables that reference leads cascade the same way). What stays is that an
-- erasure happened: when and by whom, never what (no name, address, id or answer of the lead).
-- Applies unchanged to a hosted project.

create table public.lead_erasures (
  id bigint generated always as identity primary key,
  erased_at timestamptz not null default now(),
  erased_by uuid references auth.users (id) on delete set null
);

create index lead_erasures_erased_by_idx on public.lead_erasures (erased_by);
create index lead_erasures_erased_at_idx on public.lead_erasures (erased_at desc);

-- Written by the database itself on every deletion of a lead, whoever deletes it, so it cannot be
-- skipped; as its owner, because nobody may insert into the record through the API.
create function private.record_lead_erasure()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_erasures (erased_by) values ((select auth.uid()));
  return old;
end;
$$;

revoke all on function private.record_lead_erasure() from public;

create trigger leads_record_erasure
  after delete on public.leads
  for each row execute function private.record_lead_erasure();

revoke all on table public.lead_erasures from anon, authenticated;
grant select on table public.lead_erasures to authenticated;
grant delete on table public.leads to authenticated;

alter table public.lead_erasures enable row level security;

create policy "Admins read the record of erasures"
  on public.lead_erasures for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins erase leads"
  on public.leads for delete
  to authenticated
  using ((select private.is_admin()));
