-- A cover image's description (alt text), as the admin typed it when choosing the cover. Readers see
-- it as the image's alt on the post page; without one the page uses the post's title, as before.
-- The table's grants and RLS policies already cover every column.
alter table public.posts
  add column image_alt text constraint posts_image_alt_length check (char_length(image_alt) <= 300);
