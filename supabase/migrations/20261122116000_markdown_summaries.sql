-- Post bodies are Markdown. The one-line summary that cards and feeds read (so that lists never
-- download bodies) becomes the author's excerpt when there is one, else the start of the body with
-- the Markdown syntax stripped; and each post gets its reading time. Both are derived by Postgres
-- from the row, so every writer (the editor, a script, a direct REST call) keeps them right.

-- The plain text of a Markdown body, the database's twin of markdownToPlainText() in
-- src/lib/markdown.ts: the same constructs stripped with regular expressions (Postgres has no
-- Markdown parser), close enough for a 200-character summary. Raw HTML stays, as the text readers
-- see (posts show it as typed). Immutable, so stored generated columns may use it.
create function private.markdown_plain_text(source text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    replace(replace(replace(replace(replace(
      regexp_replace(                                                      -- backslash escapes
        regexp_replace(                                                    -- emphasis, strike, code marks
          regexp_replace(                                                  -- table pipes
            regexp_replace(                                                -- table separator rows, rules
              regexp_replace(                                              -- list markers and task boxes
                regexp_replace(                                            -- quote markers
                  regexp_replace(                                          -- heading markers
                    regexp_replace(                                        -- reference definitions
                        regexp_replace(                                    -- links: keep their text
                          regexp_replace(                                  -- images: dropped
                            regexp_replace(source, '^[ \t]*(```|~~~)[^\n]*$', '', 'gn'),
                          '!\[[^\]]*\]\([^)]*\)', ' ', 'g'),
                        '\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
                    '^[ \t]*\[[^\]]+\]:[ \t]*\S+[^\n]*$', '', 'gn'),
                  '^[ \t]{0,3}#{1,6}[ \t]+', '', 'gn'),
                '^[ \t]*(>[ \t]?)+', '', 'gn'),
              '^[ \t]*([-*+]|\d+[.)])[ \t]+(\[[ xX]\][ \t]+)?', '', 'gn'),
            '^[ \t]*(\|?[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$|^[ \t]*([-*_][ \t]*){3,}$', '', 'gn'),
          '\|', ' ', 'g'),
        '(?<!\\)(\*\*|~~|[*`])', '', 'g'),
      '\\([\\`*_{}\[\]()#+.!|>~-])', '\1', 'g'),
    '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
  '\s+', ' ', 'g'))
$$;

-- Minutes to read at 200 words a minute, rounded up, at least one (readingMinutes() in the app).
create function private.reading_minutes(source text)
returns integer
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select greatest(1, ceil(coalesce(array_length(regexp_split_to_array(nullif(private.markdown_plain_text(source), ''), ' '), 1), 0) / 200.0))::integer
$$;

-- Whoever writes a post evaluates its generated columns, so writers may call these: the admins
-- (authenticated) and the service role; readers only read the stored values.
revoke all on function private.markdown_plain_text(text) from public;
revoke all on function private.reading_minutes(text) from public;
grant usage on schema private to service_role;
grant execute on function private.markdown_plain_text(text), private.reading_minutes(text) to authenticated, service_role;

alter table public.posts drop column summary;
alter table public.posts
  add column summary text generated always as (
    left(coalesce(nullif(btrim(excerpt), ''), private.markdown_plain_text(content)), 200)
  ) stored,
  add column reading_minutes integer generated always as (private.reading_minutes(content)) stored;
