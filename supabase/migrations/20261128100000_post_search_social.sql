-- Search and social fields per post (issue 38). Each is optional: a null field falls back to today's
-- behaviour (src/lib/post-meta.ts holds the fallback rules, which the server render, the feed, the
-- sitemap and the editor's previews share).
--
--   seo_title, seo_description        what a search result shows (Google displays about 60 and 155
--                                      characters; the editor counts, the database only bounds)
--   canonical_url                     for a post first published elsewhere: the page names that URL
--                                      as canonical and leaves the sitemap
--   social_title, social_description  what a link card on WhatsApp, LinkedIn or X shows
--   social_image_url                  the card's image; without it, the cover, and without a cover a
--                                      card drawn at request time (/blog/<slug>/card.png)
--
-- The columns belong to the post, so the posts' RLS decides who reads and writes them, as for tags.
-- Blank text is stored as null (the editor sends null), so "set" always means "has words".

alter table public.posts
  add column seo_title text
    constraint posts_seo_title_check check (seo_title is null or char_length(btrim(seo_title)) between 1 and 200),
  add column seo_description text
    constraint posts_seo_description_check
      check (seo_description is null or char_length(btrim(seo_description)) between 1 and 400),
  add column canonical_url text
    constraint posts_canonical_url_check
      check (canonical_url is null or (canonical_url ~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' and char_length(canonical_url) <= 2048)),
  add column social_title text
    constraint posts_social_title_check check (social_title is null or char_length(btrim(social_title)) between 1 and 200),
  add column social_description text
    constraint posts_social_description_check
      check (social_description is null or char_length(btrim(social_description)) between 1 and 400),
  add column social_image_url text
    constraint posts_social_image_url_check
      check (social_image_url is null or (social_image_url ~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' and char_length(social_image_url) <= 2048));

comment on column public.posts.seo_title is 'Search result title; null: the post''s title with the site''s name.';
comment on column public.posts.seo_description is 'Search result description; null: the excerpt, or the body''s first lines.';
comment on column public.posts.canonical_url is 'Where the post was first published; null: its own URL.';
comment on column public.posts.social_title is 'Link card title; null: the search title.';
comment on column public.posts.social_description is 'Link card description; null: the search description.';
comment on column public.posts.social_image_url is 'Link card image; null: the cover, else a drawn card.';
