-- What a post's page shows around the post, in one call and by the post's slug: the newest other
-- posts ('recent', the sidebar), the posts a reader may like next ('related', as related_posts
-- orders them) and the articles just before and after it ('previous', 'next', as adjacent_posts
-- finds them).
--
-- The page asked for these three after the post itself, with its id: two round trips before a cold
-- post could render, five requests. By slug, they go beside the post and the categories: one round
-- trip, three requests, in the blog function and in the browser after a client-side navigation.
--
-- Security invoker, like the functions it calls: RLS decides which posts the caller sees, so a draft
-- or a scheduled post's slug finds no source row and gets nothing, and no hidden post is ever among
-- the rows.

create function public.post_neighbours(post_slug text, result_limit integer default 3)
returns table (
  kind text,
  place bigint,
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
  with source as (select s.id from public.posts s where s.slug = post_slug),
  recent as (
    select p.id, p.slug, p.title, p.category, p.image_url, p.published_at, p.summary, p.reading_minutes
      from public.posts p, source
     where p.id <> source.id
     order by p.published_at desc nulls last, p.id
     limit least(greatest(coalesce(result_limit, 3), 1), 12)
  )
  select rows.kind, rows.place, rows.id, rows.slug, rows.title, rows.category, rows.image_url,
         rows.published_at, rows.summary, rows.reading_minutes
    from (
      select 'recent' as kind, row_number() over (order by r.published_at desc nulls last, r.id) as place,
             r.id, r.slug, r.title, r.category, r.image_url, r.published_at, r.summary, r.reading_minutes
        from recent r
      union all
      select 'related', r.place, r.id, r.slug, r.title, r.category, r.image_url, r.published_at, r.summary,
             r.reading_minutes
        from source
       cross join lateral public.related_posts(source.id, result_limit)
        with ordinality as r(id, slug, title, category, image_url, published_at, summary, reading_minutes, place)
      union all
      select a.direction, 1, null, a.slug, a.title, null, null, null, null, null
        from source
       cross join lateral public.adjacent_posts(source.id) as a
    ) as rows
   order by rows.kind, rows.place
$$;

revoke all on function public.post_neighbours(text, integer) from public;
grant execute on function public.post_neighbours(text, integer) to anon, authenticated;
