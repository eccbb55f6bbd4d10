/**
 * The blog's queries on posts. Pages and the server renderer call these functions and never build
 * queries themselves. Each takes the PostgREST client it queries with, so the server (anon key, no
 * session) and the browser's light public reader run the same code, and RLS decides what each of
 * them sees; the admin's reads and writes are in features/admin/data/posts.ts, on the same columns.
 * Each function throws an Error carrying the server's message when the call fails, so that the page
 * can show it.
 *
 * No list reads post bodies: cards read the columns they show plus `summary`, which the database
 * derives from the body, and every list is one page of rows (at most POSTS_PER_PAGE).
 */
import type { Database, PostRow, ProfileRow } from "./database";
import type { PublicReader } from "./supabase";

/** A post as the app reads it: every column but the search document, which stays in the database. */
export type Post = Omit<PostRow, "search_vector" | "tag_slugs" | "featured">;

/** What a reader sees of an author under a post: null when the profile is not readable. */
export type AuthorFace = Pick<ProfileRow, "full_name" | "slug" | "bio" | "avatar_url">;

/** An author's page: their public face, and its id to list their posts by. */
export type AuthorProfile = AuthorFace & Pick<ProfileRow, "id" | "updated_at">;

/** A post with its author's public profile, as the post page reads it. */
export type PostWithAuthor = Post & { author: AuthorFace | null };

/** A feed item: a card's columns, what its description and image follow (post-meta.ts) and the author's name. */
export type FeedPost = PostSummary &
  Pick<Post, "tags" | "updated_at" | "seo_description" | "social_image_url"> & {
    author: Pick<AuthorFace, "full_name"> | null;
  };

export type RecentPost = Pick<Post, "id" | "title" | "published_at" | "slug">;

/** What a card shows: never the body. */
export type PostSummary = Pick<
  Post,
  "id" | "title" | "slug" | "category" | "category_slug" | "image_url" | "published_at" | "summary" | "reading_minutes"
>;

export type CategoryCount = Database["public"]["Views"]["post_categories"]["Row"];
/** A tag with the number of posts the reader may see with it (the same shape as a category's). */
export type TagCount = Database["public"]["Views"]["post_tags"]["Row"];

/** One page of a list, with what pagination needs. */
export interface PostPage {
  posts: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
}

export const POSTS_PER_PAGE = 12;
export const FEED_SIZE = 20;
/** Rows per request when a reader must see every post (the sitemap): a hosted project's max_rows is 1000. */
export const SITEMAP_BATCH = 1000;

export const SUMMARY_COLUMNS =
  "id, title, slug, category, category_slug, image_url, published_at, summary, reading_minutes";
/** A whole post as its page shows it: never the search index or other columns readers do not need. */
export const POST_COLUMNS =
  "id, title, content, excerpt, category, category_slug, image_url, image_alt, author_id, slug, status, published_at, created_at, updated_at, summary, reading_minutes, tags, seo_title, seo_description, canonical_url, social_title, social_description, social_image_url";

/** PostgREST's code for "`.single()` found no row". */
export const NO_ROWS = "PGRST116";
/** PostgREST's code for an offset past the last row when an exact count is asked for. */
const RANGE_NOT_SATISFIABLE = "PGRST103";
/** The author's columns a post page reads (the database returns them only for authors with a post out). */
export const AUTHOR_COLUMNS = "full_name, slug, bio, avatar_url";

/** The server's message, keeping its code (a SQLSTATE or PGRST code) for callers that tell errors apart. */
export function fail(error: { message: string; code?: string }): never {
  throw Object.assign(new Error(error.message), { code: error.code });
}

/**
 * A page of posts from a counted read of rows [from, from + POSTS_PER_PAGE): a page past the last
 * (PostgREST's 416, PGRST103) is an empty page with the true count; any other error is thrown.
 */
export function postPageOf(
  read: { data: PostSummary[] | null; error: { message: string; code?: string } | null; count: number | null },
  page: number,
): PostPage {
  if (read.error && read.error.code !== RANGE_NOT_SATISFIABLE) fail(read.error);
  const total = read.count ?? 0;
  return {
    posts: read.error ? [] : (read.data ?? []),
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
  };
}

/** Page `page` (from 1) of the posts, newest first, optionally of one category or one author. */
export async function listPostPage(
  reader: PublicReader,
  {
    page,
    categorySlug = null,
    authorId = null,
  }: { page: number; categorySlug?: string | null; authorId?: string | null },
): Promise<PostPage> {
  const from = (page - 1) * POSTS_PER_PAGE;
  let query = reader.from("posts").select(SUMMARY_COLUMNS, { count: "exact" });
  if (categorySlug) query = query.eq("category_slug", categorySlug);
  if (authorId) query = query.eq("author_id", authorId);
  const read = await query
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + POSTS_PER_PAGE - 1);
  return postPageOf(read, page);
}

/** Distinct categories with their post counts, alphabetical: one row per category, not per post. */
export async function listCategories(reader: PublicReader): Promise<CategoryCount[]> {
  const { data, error } = await reader
    .from("post_categories")
    .select("slug, name, post_count, updated_at")
    .order("name");
  if (error) fail(error);
  return data ?? [];
}

/** One post with its author's public face, or null when no post has this slug. */
export async function getPostBySlug(reader: PublicReader, slug: string): Promise<PostWithAuthor | null> {
  const { data, error } = await reader
    .from("posts")
    .select(`${POST_COLUMNS}, author:profiles(${AUTHOR_COLUMNS})`)
    .eq("slug", slug)
    .single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    fail(error);
  }
  return data as PostWithAuthor;
}

/**
 * The author whose page is /blog/author/{slug}, or null: no such slug, or (RLS decides) an author
 * with no post out, whose page does not exist.
 */
export async function getAuthorBySlug(reader: PublicReader, slug: string): Promise<AuthorProfile | null> {
  const { data, error } = await reader
    .from("profiles")
    .select(`id, updated_at, ${AUTHOR_COLUMNS}`)
    .eq("slug", slug)
    .maybeSingle();
  if (error) fail(error);
  return data;
}

export type SearchResult = Database["public"]["Functions"]["search_posts"]["Returns"][number];
export type RelatedPost = Database["public"]["Functions"]["related_posts"]["Returns"][number];
export type AdjacentPost = Pick<Post, "slug" | "title">;

/** Longest query sent to the database: longer input is cut, never refused. */
const SEARCH_QUERY_MAX = 200;

export interface SearchPage {
  results: SearchResult[];
  total: number;
  page: number;
  pageCount: number;
}

/** Page `page` of the posts matching `query` (web-search syntax), best match first. */
export async function searchPosts(reader: PublicReader, query: string, page: number): Promise<SearchPage> {
  const { data, error } = await reader.rpc(
    "search_posts",
    {
      query: query.slice(0, SEARCH_QUERY_MAX),
      result_limit: POSTS_PER_PAGE,
      result_offset: (page - 1) * POSTS_PER_PAGE,
    },
    { get: true },
  );
  if (error) fail(error);
  const results = (data ?? []) as SearchResult[];
  const total = Number(results[0]?.total_count ?? 0);
  return { results, total, page, pageCount: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
}

/** What a post's page shows around the post (post_neighbours): the sidebar's, and below the article. */
export interface PostNeighbours {
  /** The newest other posts. */
  recentPosts: RecentPost[];
  /** Posts to read next: same category first, then shared words, then newest. */
  related: RelatedPost[];
  /** The post published just before (older). */
  previous: AdjacentPost | null;
  /** The post published just after (newer). */
  next: AdjacentPost | null;
}

/**
 * Up to `limit` recent and related posts around the post with this slug, and the ones before and
 * after it, in one call by slug: the page asks for them beside the post itself, not after it. Empty
 * for a slug the reader cannot see.
 */
export async function getPostNeighbours(reader: PublicReader, slug: string, limit = 3): Promise<PostNeighbours> {
  const { data, error } = await reader.rpc("post_neighbours", { post_slug: slug, result_limit: limit }, { get: true });
  if (error) fail(error);
  const neighbours: PostNeighbours = { recentPosts: [], related: [], previous: null, next: null };
  for (const row of data ?? []) {
    const { kind, id, slug: rowSlug, title, published_at, category, image_url, summary, reading_minutes } = row;
    if (kind === "previous" || kind === "next") neighbours[kind] = { slug: rowSlug, title };
    // A recent or related row is a whole post's: its columns are nullable in the result only because
    // the before-and-after rows, a slug and a title, share it.
    else if (id === null) continue;
    else if (kind === "recent") neighbours.recentPosts.push({ id, title, published_at, slug: rowSlug });
    else if (published_at !== null && summary !== null && reading_minutes !== null)
      neighbours.related.push({
        id,
        slug: rowSlug,
        title,
        category,
        image_url,
        published_at,
        summary,
        reading_minutes,
      });
  }
  return neighbours;
}

/** The newest posts for the RSS feed, with their authors' names. */
export async function listFeedPosts(reader: PublicReader, limit = FEED_SIZE): Promise<FeedPost[]> {
  const { data, error } = await reader
    .from("posts")
    .select(`${SUMMARY_COLUMNS}, tags, updated_at, seo_description, social_image_url, author:profiles(full_name)`)
    .order("published_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(limit);
  if (error) fail(error);
  return data ?? [];
}

export type SitemapPost = Pick<Post, "slug" | "updated_at" | "author_id" | "canonical_url">;

/**
 * Every post's slug, last change, author and canonical URL (a post first published elsewhere is
 * left out), for the sitemap, read in batches of SITEMAP_BATCH rows.
 */
export async function listSitemapPosts(reader: PublicReader): Promise<SitemapPost[]> {
  const rows: SitemapPost[] = [];
  for (let from = 0; ; from += SITEMAP_BATCH) {
    const { data, error } = await reader
      .from("posts")
      .select("slug, updated_at, author_id, canonical_url")
      .order("published_at", { ascending: false })
      .order("id", { ascending: false })
      .range(from, from + SITEMAP_BATCH - 1);
    if (error) fail(error);
    rows.push(...(data ?? []));
    if (!data || data.length < SITEMAP_BATCH) return rows;
  }
}

/**
 * The authors with a page, for the sitemap: every profile anon may read has a post out (RLS), and
 * the ones with a slug have a page. Read in batches like the posts.
 */
export async function listSitemapAuthors(
  reader: PublicReader,
): Promise<Pick<AuthorProfile, "id" | "slug" | "updated_at">[]> {
  const rows: Pick<AuthorProfile, "id" | "slug" | "updated_at">[] = [];
  for (let from = 0; ; from += SITEMAP_BATCH) {
    const { data, error } = await reader
      .from("profiles")
      .select("id, slug, updated_at")
      .not("slug", "is", null)
      .order("id")
      .range(from, from + SITEMAP_BATCH - 1);
    if (error) fail(error);
    rows.push(...(data ?? []));
    if (!data || data.length < SITEMAP_BATCH) return rows;
  }
}

/** What a post's social card shows (src/server/social-card): its title, category, author and length. */
export type PostCardFacts = Pick<Post, "title" | "category" | "reading_minutes" | "updated_at"> & {
  author: Pick<AuthorFace, "full_name"> | null;
};

/** A post's card facts in one query, or null when the reader may not see it (none, draft, scheduled). */
export async function getPostCardFacts(reader: PublicReader, slug: string): Promise<PostCardFacts | null> {
  const { data, error } = await reader
    .from("posts")
    .select("title, category, reading_minutes, updated_at, author:profiles(full_name)")
    .eq("slug", slug)
    .maybeSingle();
  if (error) fail(error);
  return data as PostCardFacts | null;
}

/** A category's or a tag's name and the number of posts the reader may see with it, or null. */
export async function getListCardFacts(
  reader: PublicReader,
  kind: "category" | "tag",
  slug: string,
): Promise<Pick<CategoryCount, "name" | "post_count"> | null> {
  const { data, error } = await reader
    .from(kind === "category" ? "post_categories" : "post_tags")
    .select("name, post_count")
    .eq("slug", slug)
    .maybeSingle();
  if (error) fail(error);
  return data;
}
