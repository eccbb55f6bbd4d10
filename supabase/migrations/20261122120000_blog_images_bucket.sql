-- Blog images in Supabase Storage: a public bucket (anyone may read a cover or an in-body image by
-- its URL), written only by admins, limited to web image types and 5 MB. Hosted projects already
-- have the storage schema (storage.buckets, storage.objects with RLS on, storage.foldername and
-- friends); the local stand-in provides the same (supabase/local/shim.ts).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('blog-images', 'blog-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The Storage API reads object rows through these policies (listing, downloads through the API,
-- and the existence check of an upsert); public URLs are served without them.
create policy "Blog images are readable by everyone"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'blog-images');

create policy "Admins upload blog images"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'blog-images' and (select private.is_admin()));

create policy "Admins replace blog images"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'blog-images' and (select private.is_admin()))
  with check (bucket_id = 'blog-images' and (select private.is_admin()));

create policy "Admins delete blog images"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'blog-images' and (select private.is_admin()));
