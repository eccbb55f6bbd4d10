import { authorsCopy } from "../../content/authors";
import { site } from "../../content/site";
import { socialCardAlt } from "../../content/social-card-alt";
import { loadBlogAuthor, type BlogAuthorData } from "../../lib/blog-data";
import { blogAuthorPath } from "../../lib/blog-paths";
import { AuthorAvatar } from "./AuthorAvatar";
import { PagedPostsPage, type PagedHead } from "./PagedPostsPage";
import { authorPageJsonLd } from "./author-structured-data";

function describeAuthor(data: BlogAuthorData): PagedHead {
  const name = data.author.full_name?.trim() || site.name;
  return {
    title: authorsCopy.seoTitle(name),
    description: data.author.bio ?? authorsCopy.seoDescription(name),
    imageAlt: socialCardAlt.author(name),
    jsonLd: authorPageJsonLd(data.author, name),
    header: (
      <header className="mx-auto mb-12 flex max-w-3xl flex-col items-center gap-4 text-center">
        <AuthorAvatar name={name} photo={data.author.avatar_url} size="lg" />
        <p className="text-sm font-semibold uppercase tracking-[0.16em] text-brand-700">{authorsCopy.eyebrow}</p>
        <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink text-balance sm:text-4xl md:text-5xl">
          {name}
        </h1>
        {data.author.bio ? <p className="text-lg break-words text-ink-muted">{data.author.bio}</p> : null}
        <p className="text-sm text-ink-soft">{authorsCopy.postCount(data.page.total)}</p>
      </header>
    ),
  };
}

/**
 * /blog/author/{slug}[/page/{n}]: the author's photo, name and bio, then their posts. An author with
 * no post out (whose profile anon cannot read) is a missing page.
 */
export default function BlogAuthorPage() {
  return (
    <PagedPostsPage
      kind="author"
      pathOf={blogAuthorPath}
      load={loadBlogAuthor}
      describe={describeAuthor}
      copy={authorsCopy}
    />
  );
}
