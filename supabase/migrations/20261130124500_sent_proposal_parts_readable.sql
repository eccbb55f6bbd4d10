-- The lead team reads a sent proposal's lines and plan again.
--
-- 20261129180000_proposals_and_payments.sql kept the lines and plan of anything but a draft as they
-- were with restrictive policies `for all`, which restrict reading too: a member could see a sent,
-- accepted or paid proposal but none of its lines or parts, so the admin could show neither its
-- total nor what is left to pay. The same rule now restricts only what changes them (insert, update,
-- delete); reading stays the lead team's (the permissive policies and the second factor's, unchanged).
-- The triggers that keep an accepted proposal's parts are unchanged too.

drop policy "Only a draft's lines are edited" on public.proposal_lines;
drop policy "Only a draft's plan is edited" on public.proposal_installments;

create policy "Only a draft's lines are added" on public.proposal_lines as restrictive for insert to authenticated
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
create policy "Only a draft's lines are changed" on public.proposal_lines as restrictive for update to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'))
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
create policy "Only a draft's lines are removed" on public.proposal_lines as restrictive for delete to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));

create policy "Only a draft's plan is added to" on public.proposal_installments as restrictive for insert
  to authenticated
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
create policy "Only a draft's plan is changed" on public.proposal_installments as restrictive for update
  to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'))
  with check (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
create policy "Only a draft's plan is removed from" on public.proposal_installments as restrictive for delete
  to authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status = 'draft'));
