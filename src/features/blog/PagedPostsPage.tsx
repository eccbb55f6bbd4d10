import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { Section } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import type { NotFound, Unavailable } from "../../lib/blog-data";
import { blogDataKey, matchBlogPath, type BlogRoute } from "../../lib/blog-paths";
import { FEED_PATH } from "../../lib/feed-paths";
import type { PostPage } from "../../lib/posts";
import { useRouteData } from "../../lib/route-data";
import { SOCIAL_CARD_SIZE, socialCardPath } from "../../lib/social-card-path";
import { getPublicReader, type PublicReader } from "../../lib/supabase";
import { BlogNotFound } from "./BlogStatus";
import { PostsOfPage } from "./PostsOfPage";

/** The kinds of list of posts by one thing (an author, a tag), 12 posts a page. */
type PagedKind = "author" | "tag";
type PagedRoute<Kind extends PagedKind> = { kind: Kind; slug: string; page: number };

interface Found {
  status: "found";
  page: PostPage;
}

/** What a paged list's page says in its head and header once its posts are here. */
export interface PagedHead {
  /** "Posts tagged CRM": the page number and the site's name are added. */
  title: string;
  description: string;
  imageAlt: string;
  jsonLd: Record<string, unknown>;
  /** Above the posts: the eyebrow, the h1 and what else the page shows. */
  header: ReactNode;
}

interface PagedPostsPageProps<Kind extends PagedKind, Data extends Found> {
  kind: Kind;
  /** The page's path for a slug and a page number. */
  pathOf: (slug: string, page?: number) => string;
  load: (reader: PublicReader, route: PagedRoute<Kind>) => Promise<Data | NotFound | Unavailable>;
  describe: (data: Data, route: PagedRoute<Kind>) => PagedHead;
  copy: { eyebrow: string; loading: string; notFound: string; notFoundBody: string };
}

/**
 * /blog/author/{slug} and /blog/tag/{slug}, [/page/{n}]: a header, then the posts, 12 a page, newest
 * first, with the head a paged list has (prev/next, page 1's social card on every page). Rendered on
 * the server with its rows; after a client-side navigation the rows load here. A path the router
 * sends here that is no such page, a slug with no post out, or a page past the last is a missing page.
 */
export function PagedPostsPage<Kind extends PagedKind, Data extends Found>({
  kind,
  pathOf,
  load,
  describe,
  copy,
}: PagedPostsPageProps<Kind, Data>) {
  const { pathname } = useLocation();
  const matched = matchBlogPath(pathname);
  // Both kinds' routes are { kind, slug, page } (blog-paths.ts): the match is of this kind once its kind is.
  const route = (matched?.kind === kind ? matched : { kind, slug: "", page: 0 }) as PagedRoute<Kind>;
  const { state, retry } = useRouteData<Data | NotFound | Unavailable>(blogDataKey(route as BlogRoute), async () =>
    route.page === 0 ? { status: "not-found" } : load(await getPublicReader(), route),
  );
  const path = pathOf(route.slug, Math.max(route.page, 1));

  if (route.page === 0 || (state.status === "ready" && state.data.status === "not-found")) {
    return <BlogNotFound path={path} heading={copy.notFound} body={copy.notFoundBody} />;
  }
  const data = state.status === "ready" && state.data.status === "found" ? (state.data as Data) : null;
  const head = data ? describe(data, route) : null;

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      {head && data ? (
        <Seo
          title={`${route.page > 1 ? `${head.title}, page ${route.page}` : head.title} | ${site.name}`}
          description={head.description}
          path={path}
          prev={route.page > 1 ? pathOf(route.slug, route.page - 1) : undefined}
          next={route.page < data.page.pageCount ? pathOf(route.slug, route.page + 1) : undefined}
          // Every page of the list shares page 1's card.
          image={socialCardPath(pathOf(route.slug))}
          imageAlt={head.imageAlt}
          imageSize={SOCIAL_CARD_SIZE}
          jsonLd={head.jsonLd}
          feeds={[{ title: blogCopy.list.feedTitle, href: FEED_PATH }]}
        />
      ) : (
        <Seo title={`${copy.eyebrow} | ${site.name}`} description={blogCopy.list.seoDescription} path={path} />
      )}
      {head ? head.header : null}
      <PostsOfPage
        state={state}
        retry={retry}
        path={path}
        loadingLabel={copy.loading}
        list={data ? { page: data.page, href: (page) => pathOf(route.slug, page) } : null}
      />
    </Section>
  );
}
