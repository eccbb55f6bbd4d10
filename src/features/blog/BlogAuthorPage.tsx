import { useLocation } from "react-router-dom";
import { Section } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { authorsCopy } from "../../content/authors";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { FEED_PATH } from "../../lib/feed-paths";
import { useRouteData } from "../../lib/route-data";
import { getPublicReader } from "../../lib/supabase";
import { loadBlogAuthor, type BlogAuthorData, type NotFound, type Unavailable } from "../../lib/blog-data";
import { socialCardAlt } from "../../content/social-card-alt";
import { SOCIAL_CARD_SIZE, socialCardPath } from "../../lib/social-card-path";
import { blogAuthorPath, blogDataKey, matchBlogPath, type BlogRoute } from "../../lib/blog-paths";
import { AuthorAvatar } from "./AuthorAvatar";
import { BlogListView } from "./BlogListView";
import { BlogLoading, BlogNotFound, BlogUnavailable } from "./BlogStatus";
import { Pagination } from "./Pagination";
import { authorPageJsonLd } from "./author-structured-data";

type AuthorRoute = Extract<BlogRoute, { kind: "author" }>;

function headFor(route: AuthorRoute, data: BlogAuthorData, name: string) {
  const baseTitle = authorsCopy.seoTitle(name);
  return {
    title: `${route.page > 1 ? `${baseTitle}, page ${route.page}` : baseTitle} | ${site.name}`,
    description: data.author.bio ?? authorsCopy.seoDescription(name),
    prev: route.page > 1 ? blogAuthorPath(route.slug, route.page - 1) : undefined,
    next: route.page < data.page.pageCount ? blogAuthorPath(route.slug, route.page + 1) : undefined,
    // Every page of an author shares page 1's card.
    image: socialCardPath(blogAuthorPath(route.slug)),
    imageAlt: socialCardAlt.author(name),
  };
}

/**
 * /blog/author/{slug}[/page/{n}]: the author's photo, name and bio, then their posts, 12 a page,
 * newest first. Rendered on the server with its rows, like the blog's lists; after a client-side
 * navigation the rows load here. An unknown slug, or an author with no post out (whose profile
 * anon cannot read), is a missing page.
 */
export default function BlogAuthorPage() {
  const { pathname } = useLocation();
  const matched = matchBlogPath(pathname);
  // A path the router sends here that is no author page (/blog/author/x/y): shown as a missing page.
  const route: AuthorRoute = matched?.kind === "author" ? matched : { kind: "author", slug: "", page: 0 };
  const { state, retry } = useRouteData<BlogAuthorData | NotFound | Unavailable>(blogDataKey(route), async () =>
    route.page === 0 ? { status: "not-found" } : loadBlogAuthor(await getPublicReader(), route),
  );
  const path = blogAuthorPath(route.slug, Math.max(route.page, 1));

  if (route.page === 0 || (state.status === "ready" && state.data.status === "not-found")) {
    return <BlogNotFound path={path} heading={authorsCopy.notFound} body={authorsCopy.notFoundBody} />;
  }
  const data = state.status === "ready" && state.data.status === "found" ? state.data : null;
  const name = data?.author.full_name?.trim() || site.name;
  const head = data ? headFor(route, data, name) : null;

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      {head && data ? (
        <Seo
          title={head.title}
          description={head.description}
          path={path}
          prev={head.prev}
          next={head.next}
          image={head.image}
          imageAlt={head.imageAlt}
          imageSize={SOCIAL_CARD_SIZE}
          jsonLd={authorPageJsonLd(data.author, name)}
          feeds={[{ title: blogCopy.list.feedTitle, href: FEED_PATH }]}
        />
      ) : (
        <Seo title={`${authorsCopy.eyebrow} | ${site.name}`} description={blogCopy.list.seoDescription} path={path} />
      )}
      {data ? (
        <header className="mx-auto mb-12 flex max-w-3xl flex-col items-center gap-4 text-center">
          <AuthorAvatar name={name} photo={data.author.avatar_url} size="lg" />
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-brand-700">{authorsCopy.eyebrow}</p>
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink text-balance sm:text-4xl md:text-5xl">
            {name}
          </h1>
          {data.author.bio ? <p className="text-lg break-words text-ink-muted">{data.author.bio}</p> : null}
          <p className="text-sm text-ink-soft">{authorsCopy.postCount(data.page.total)}</p>
        </header>
      ) : null}
      {/* Room for the grid while the posts load, so the footer does not jump when they arrive. */}
      <div className={data ? undefined : "min-h-[100svh]"}>
        {state.status === "loading" ? <BlogLoading label={authorsCopy.loading} /> : null}
        {state.status === "error" || (state.status === "ready" && state.data.status === "unavailable") ? (
          <BlogUnavailable path={path} onRetry={retry} />
        ) : null}
        {data ? (
          <>
            <BlogListView posts={data.page.posts} animate={state.status === "ready" && !state.fromServer} />
            <Pagination
              page={route.page}
              pageCount={data.page.pageCount}
              href={(page) => blogAuthorPath(route.slug, page)}
            />
          </>
        ) : null}
      </div>
    </Section>
  );
}
