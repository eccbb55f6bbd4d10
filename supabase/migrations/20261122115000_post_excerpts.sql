-- An optional excerpt per post, written by the author: cards and the meta description use it when
-- it is there. Bounded like the rest of a post, so a direct REST call cannot store a novel in it.
alter table public.posts
  add column excerpt text constraint posts_excerpt_check check (excerpt is null or char_length(excerpt) <= 300);
