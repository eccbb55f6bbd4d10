-- A signed-in user may see whether they are an admin: their own row of public.admins, and only the
-- user_id column. The admin area uses it to tell a user who is not an admin why it shows them
-- nothing; RLS on every other table remains the protection. One SELECT policy, for authenticated
-- only (anon has no uid and gets no grant).
grant select (user_id) on table public.admins to authenticated;

create policy "Users see their own admin row"
  on public.admins for select to authenticated
  using (user_id = (select auth.uid()));
