/**
 * What each blog page renders with, loaded by one function per page kind. The server renderer calls
 * these with its anon reader and seeds the page with the result; the pages call the same functions
 * with the browser's public reader after a client-side navigation.
 *
 * Each returns `{ status: "not-found" }` when the page does not exist (unknown slug or category, a
 * page number past the last page) and throws when the backend cannot be reached.
 */
import {
  getAuthorBySlug,
  getPostBySlug,
  getPostNeighbours,
  listCategories,
  listPostPage,
  searchPosts,
  type AdjacentPost,
  type AuthorProfile,
  type CategoryCount,
  type PostPage,
  type PostWithAuthor,
  type RecentPost,
  type RelatedPost,
  type SearchPage,
} from "./posts";
import { metaDescription } from "./format";
import type { RenderedMarkdown } from "./markdown";
import type { PostMeta } from "./post-meta";
import type { PublicReader } from "./supabase";
import type { BlogRoute } from "./blog-paths";

export interface BlogListData {
  status: "found";
  page: PostPage;
  /** The category of a category page; null on the main list. */
  category: CategoryCount | null;
  categories: CategoryCount[];
}

/** An author's page: their public face and one page of their posts. */
export interface BlogAuthorData {
  status: "found";
  author: AuthorProfile;
  page: PostPage;
}

/**
 * A post's body rendered from its Markdown, with what else needs the Markdown parser (the reading
 * time and the meta description). The loader makes it, so the page's script does not carry the
 * parser: a server-rendered post hydrates from the seeded result, and a client-side navigation
 * loads the parser with the data.
 */
export interface RenderedPost extends RenderedMarkdown {
  minutes: number;
  description: string;
}

/**
 * A post page's head, made where the post is loaded (its rules in post-meta.ts): the search and
 * social meta, and the page's structured data (JSON-LD).
 */
export interface PostPageMeta extends PostMeta {
  jsonLd: Record<string, unknown>[];
}

/** Makes a post page's head from the post and its rendered body (the blog feature's describePost). */
export type DescribePost = (post: PostWithAuthor, body: RenderedPost) => PostPageMeta;

export interface BlogPostData {
  status: "found";
  post: PostWithAuthor;
  body: RenderedPost;
  meta: PostPageMeta;
  recentPosts: RecentPost[];
  categories: CategoryCount[];
  related: RelatedPost[];
  previous: AdjacentPost | null;
  next: AdjacentPost | null;
}

export interface BlogSearchData {
  status: "found";
  query: string;
  results: SearchPage;
  categories: CategoryCount[];
}

export type NotFound = { status: "not-found" };
/** What the server seeds a page with when the backend could not be reached (it answers 503). */
export type Unavailable = { status: "unavailable" };
/** What the server seeds the search page with when this client searched too often (it answers 429). */
export type Limited = { status: "limited"; retryAfterSeconds: number };

/**
 * Whether a load failed on what the request asked for rather than on reaching the database: the
 * database refused a value (SQLSTATE class 22, data exception) or PostgREST refused the request's
 * shape (PGRST1xx). Such a page is not found; it must never answer 503, which tells caches and
 * monitors that the blog is down.
 */
export function isRefusedInput(error: unknown): boolean {
  const code =
    typeof error === "object" && error !== null && "code" in error
      ? String((error as { code: unknown }).code ?? "")
      : "";
  return /^22[0-9A-Z]{3}$/.test(code) || /^PGRST1\d\d$/.test(code);
}

export async function loadBlogList(
  reader: PublicReader,
  route: Extract<BlogRoute, { kind: "list" }>,
): Promise<BlogListData | NotFound> {
  const [page, categories] = await Promise.all([
    listPostPage(reader, { page: route.page, categorySlug: route.categorySlug }),
    listCategories(reader),
  ]);
  const category = route.categorySlug ? (categories.find((item) => item.slug === route.categorySlug) ?? null) : null;
  if (route.categorySlug && !category) return { status: "not-found" };
  // An empty blog still has its first page ('No posts found.'); any later page must have posts.
  if (route.page > 1 && page.posts.length === 0) return { status: "not-found" };
  return { status: "found", page, category, categories };
}

/** An author's page: not found for an unknown slug, an author with no post out (RLS), or a page past the last. */
export async function loadBlogAuthor(
  reader: PublicReader,
  route: Extract<BlogRoute, { kind: "author" }>,
): Promise<BlogAuthorData | NotFound> {
  const author = await getAuthorBySlug(reader, route.slug);
  if (!author) return { status: "not-found" };
  const page = await listPostPage(reader, { page: route.page, authorId: author.id });
  if (page.posts.length === 0) return { status: "not-found" };
  return { status: "found", author, page };
}

/**
 * A post's page; `tagsLabel` names the list of its tags (the copy, passed in), and `describe` makes
 * its head (the blog feature's, passed in as the copy is).
 */
export async function loadBlogPost(
  reader: PublicReader,
  slug: string,
  tagsLabel: string,
  describe: DescribePost,
): Promise<BlogPostData | NotFound> {
  // One round trip: what surrounds the post is asked for by its slug, beside the post itself. The
  // Markdown module loads while the answers are on their way (on a cold server, its first use).
  const answers = Promise.all([
    getPostBySlug(reader, slug),
    listCategories(reader),
    getPostNeighbours(reader, slug, 3),
  ]);
  const markdown = import("./markdown");
  // Not awaited when there is no post: a failed import must not go unhandled then.
  markdown.catch(() => undefined);
  const [post, categories, neighbours] = await answers;
  if (!post) return { status: "not-found" };
  const body = renderPostWith(await markdown, post, tagsLabel);
  return { status: "found", post, body, meta: describe(post, body), categories, ...neighbours };
}

/** The post's body with a Markdown module at hand (tests and the loader above). */
export function renderPostWith(
  { markdownToPlainText, readingMinutes, renderMarkdown }: typeof import("./markdown"),
  post: Pick<PostWithAuthor, "content" | "excerpt" | "tags">,
  tagsLabel = "",
): RenderedPost {
  return {
    ...renderMarkdown(post.content, { names: post.tags, label: tagsLabel }),
    minutes: readingMinutes(post.content),
    description: metaDescription(post.excerpt?.trim() || markdownToPlainText(post.content)),
  };
}

/** Search results (none for an empty query, which shows the search form and the categories). */
export async function loadBlogSearch(
  reader: PublicReader,
  route: Extract<BlogRoute, { kind: "search" }>,
): Promise<BlogSearchData | NotFound> {
  const [results, categories] = await Promise.all([
    route.query
      ? searchPosts(reader, route.query, route.page)
      : Promise.resolve<SearchPage>({ results: [], total: 0, page: 1, pageCount: 1 }),
    listCategories(reader),
  ]);
  if (route.page > 1 && results.results.length === 0) return { status: "not-found" };
  return { status: "found", query: route.query, results, categories };
}
