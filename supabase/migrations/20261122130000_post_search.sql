-- Full-text search of the blog, and related posts, in Postgres itself. Applies unchanged to a hosted
-- project. Both functions run with the caller's rights (security invoker), so the RLS policies of
-- posts decide what a reader can find: never a draft, never a post before its time.

-- The search document: the title weighs most, then the excerpt and category, then the body's text
-- (Markdown syntax stripped). Kept up to date by Postgres as a stored generated column.
alter table public.posts
  add column search_vector tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '') || ' ' || coalesce(category, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, private.markdown_plain_text(content)), 'C')
  ) stored;

-- Without the pending list (fastupdate off) the index is whole after every write: a blog is read far
-- more than it is written, and searches never wait for a vacuum to merge the list.
create index posts_search_vector_idx on public.posts using gin (search_vector) with (fastupdate = off);

-- Readers' searches read the body's plain text for their snippets.
grant usage on schema private to anon;
grant execute on function private.markdown_plain_text(text) to anon;

-- The posts whose document matches a query, with their rank: ids only. Under RLS, Postgres may
-- not use the GIN index for the text-search operator (it is not leakproof), so every search would
-- read every row; this runs on the index alone (as its owner) and the public functions below join
-- its ids back to public.posts under the caller's RLS, which still decides what a reader finds.
-- It lives in `private`, which the API does not expose: nobody calls it but those functions.
create function private.match_posts(tsq tsquery)
returns table (id uuid, rank real)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, ts_rank(p.search_vector, tsq) from public.posts p where p.search_vector @@ tsq
$$;

-- The same without the rank, for finding candidates (ranking every match would cost more).
create function private.match_post_ids(tsq tsquery)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.id from public.posts p where p.search_vector @@ tsq
$$;

revoke all on function private.match_posts(tsquery) from public;
revoke all on function private.match_post_ids(tsquery) from public;
grant execute on function private.match_posts(tsquery), private.match_post_ids(tsquery) to anon, authenticated;

-- Posts matching a web-search query (quoted phrases, -word, or), best match first, then newest, one
-- page at a time, with the total and a snippet whose matched words are wrapped in U+E000 and
-- U+E001 (characters no text uses) for the page to mark up: never HTML; '<' comes as U+E002.
create function public.search_posts(query text, result_limit integer default 12, result_offset integer default 0)
returns table (
  id uuid,
  slug text,
  title text,
  category text,
  category_slug text,
  published_at timestamptz,
  snippet text,
  rank real,
  total_count bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  with q as (
    select websearch_to_tsquery('english'::regconfig, left(coalesce(query, ''), 200)) as tsq
  ),
  -- The query's first term that is not excluded: the snippet is cut around its first occurrence.
  term as (
    select (regexp_match(q.tsq::text, '(?:^|[^!])''([^'']+)'''))[1] as word from q
  ),
  matches as (
    select p.id, p.slug, p.title, p.category, p.category_slug, p.published_at, p.excerpt, p.content,
           m.rank,
           count(*) over () as total_count
      from q
      cross join lateral private.match_posts(q.tsq) m
      join public.posts p on p.id = m.id
     order by m.rank desc, p.published_at desc nulls last, p.id
     limit least(greatest(coalesce(result_limit, 12), 1), 50)
    offset greatest(coalesce(result_offset, 0), 0)
  ),
  -- 720 characters of the body around the first match (from the start when the stem is not found
  -- as written): highlighting a window, not the whole body, keeps a search fast on long posts.
  windows as (
    select m.*, greatest(1, strpos(lower(m.content), coalesce(term.word, '')) - 240) as start
      from matches m, term
  )
  select w.id, w.slug, w.title, w.category, w.category_slug, w.published_at,
         ts_headline('english'::regconfig,
                     -- '<' travels as U+E002, so the text parser does not take a post's tags for
                     -- markup and drop them: the page puts it back and shows the tag as written.
                     replace(
                       coalesce(nullif(btrim(w.excerpt), '') || ' ', '') ||
                       case when w.start > 1 then '… ' else '' end ||
                       private.markdown_plain_text(substr(w.content, w.start, 720)),
                       '<', chr(57346)),
                     q.tsq,
                     'StartSel=' || chr(57344) || ', StopSel=' || chr(57345) || ', MaxWords=32, MinWords=16, MaxFragments=2, FragmentDelimiter=" … "'),
         w.rank, w.total_count
    from windows w, q
   order by w.rank desc, w.published_at desc nulls last, w.id
$$;

-- Up to `result_limit` other posts a reader of `post_id` may like: the same category first, then
-- the most words in common with its title and excerpt, then the newest. The candidates are the 50
-- newest posts of the same category and the 50 newest sharing a word (both found by index), so the
-- cost stays flat however large the blog grows.
create function public.related_posts(post_id uuid, result_limit integer default 3)
returns table (
  id uuid,
  slug text,
  title text,
  category text,
  image_url text,
  published_at timestamptz,
  summary text,
  reading_minutes integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with source as (
    select s.id, s.category_slug,
           (select to_tsquery('simple'::regconfig, string_agg(quote_literal(lexeme), ' | '))
              from unnest(tsvector_to_array(to_tsvector('english'::regconfig, s.title || ' ' || coalesce(s.excerpt, '')))) as lexeme) as words
      from public.posts s
     where s.id = post_id
  ),
  candidates as (
    (select p.id from public.posts p, source
      where p.category_slug = source.category_slug and p.id <> source.id
      order by p.published_at desc nulls last limit 50)
    union
    (select p.id from source
      cross join lateral private.match_post_ids(source.words) as m(id)
      join public.posts p on p.id = m.id
      where p.id <> source.id
      order by p.published_at desc nulls last limit 50)
  )
  select p.id, p.slug, p.title, p.category, p.image_url, p.published_at, p.summary, p.reading_minutes
    from candidates c
    join public.posts p on p.id = c.id
    cross join source
   order by (p.category_slug is not null and p.category_slug = source.category_slug) desc,
            coalesce(ts_rank(p.search_vector, source.words), 0) desc,
            p.published_at desc nulls last
   limit least(greatest(coalesce(result_limit, 3), 1), 12)
$$;

-- The articles published just before and just after `post_id`, in one call: 'previous' is the
-- older one, 'next' the newer one.
create function public.adjacent_posts(post_id uuid)
returns table (direction text, slug text, title text)
language sql
stable
security invoker
set search_path = ''
as $$
  with source as (select s.id, s.published_at from public.posts s where s.id = post_id)
  (select 'previous', p.slug, p.title from public.posts p, source
    where p.published_at < source.published_at order by p.published_at desc limit 1)
  union all
  (select 'next', p.slug, p.title from public.posts p, source
    where p.published_at > source.published_at order by p.published_at asc limit 1)
$$;

revoke all on function public.search_posts(text, integer, integer) from public;
revoke all on function public.related_posts(uuid, integer) from public;
revoke all on function public.adjacent_posts(uuid) from public;
grant execute on function public.search_posts(text, integer, integer) to anon, authenticated;
grant execute on function public.related_posts(uuid, integer) to anon, authenticated;
grant execute on function public.adjacent_posts(uuid) to anon, authenticated;
