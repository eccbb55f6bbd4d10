import type { ReactNode } from "react";
import { Link } from "../../components/ui/Link";
import { BrandIcon } from "../../components/ui/BrandIcon";
import { socialGlyphs } from "../../components/ui/social-icons";
import { ExternalLink } from "../../components/ui/Button";
import { authorsCopy } from "../../content/authors";
import { blogSidebarCopy } from "../../content/around-post";
import { site, socialProfiles } from "../../content/site";
import { formatLongDate } from "../../lib/format";
import type { AuthorFace, CategoryCount, RecentPost } from "../../lib/posts";
import { blogAuthorPath, blogCategoryPath, blogPostPath } from "../../lib/blog-paths";
import { AuthorAvatar } from "./AuthorAvatar";
import { CategoryChip } from "./CategoryChip";
import { SearchForm } from "./SearchForm";

const copy = blogSidebarCopy;

function Widget({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-slate-100 bg-white p-6 shadow-soft">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface BlogSidebarProps {
  recentPosts: RecentPost[];
  categories: CategoryCount[];
  /** The post's author; the company stands in when there is none or they have no name. */
  author?: AuthorFace | null;
}

/** The post's author: photo, name, short bio and a link to their page; else the company. */
function AboutTheAuthor({ author }: { author: AuthorFace | null }) {
  const name = author?.full_name?.trim();
  if (!author || !name) {
    return (
      <div className="flex items-start gap-4">
        <AuthorAvatar name={site.name} photo={null} size="md" />
        <div>
          <p className="font-semibold text-ink">{site.name}</p>
          <p className="mt-1 text-sm text-ink-muted">{copy.companyBio}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-4">
      <AuthorAvatar name={name} photo={author.avatar_url} size="md" />
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">{name}</p>
        {author.bio ? <p className="mt-1 text-sm break-words text-ink-muted">{author.bio}</p> : null}
        {author.slug ? (
          <Link
            to={blogAuthorPath(author.slug)}
            className="mt-2 inline-block rounded text-sm font-semibold text-brand-700 hover:text-brand-900 focus-ring"
          >
            {authorsCopy.allPosts(name)}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Search, About The Author, Recent Posts, Categories (links to their pages) and Follow Us (the agency's profiles). */
export function BlogSidebar({ recentPosts, categories, author = null }: BlogSidebarProps) {
  return (
    <aside className="space-y-6" aria-label="Blog sidebar">
      <div className="rounded-card border border-slate-100 bg-white p-4 shadow-soft">
        <SearchForm id="sidebar-search" />
      </div>

      <Widget title={copy.aboutHeading}>
        <AboutTheAuthor author={author} />
      </Widget>

      <Widget title={copy.recentHeading}>
        {recentPosts.length === 0 ? (
          <p className="text-sm text-ink-muted">{copy.recentEmpty}</p>
        ) : (
          <ul className="space-y-4">
            {recentPosts.map((recent) => (
              <li key={recent.id}>
                <Link
                  to={blogPostPath(recent.slug)}
                  className="rounded font-semibold text-ink hover:text-brand-700 focus-ring"
                >
                  {recent.title}
                </Link>
                <p className="mt-1 text-sm text-ink-soft">
                  <time dateTime={recent.published_at ?? undefined}>{formatLongDate(recent.published_at ?? "")}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Widget>

      <Widget title={copy.categoriesHeading}>
        {categories.length === 0 ? (
          <p className="text-sm text-ink-muted">{copy.categoriesEmpty}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.slug}>
                <CategoryChip to={blogCategoryPath(category.slug)} size="sm">
                  {category.name}{" "}
                  <span className="rounded-full bg-white px-1.5 text-xs font-semibold text-brand-700">
                    {category.post_count}
                  </span>
                  <span className="sr-only">{copy.categoryCountSuffix(category.post_count)}</span>
                </CategoryChip>
              </li>
            ))}
          </ul>
        )}
      </Widget>

      <Widget title={copy.followHeading}>
        <ul className="flex gap-3">
          {socialProfiles.map((social) => (
            <li key={social.name}>
              <ExternalLink
                href={social.href}
                aria-label={copy.followLabel(social.name)}
                className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-800 hover:bg-brand-700 hover:text-white focus-ring"
              >
                <BrandIcon icon={socialGlyphs[social.icon]} className="h-5 w-5" />
              </ExternalLink>
            </li>
          ))}
        </ul>
      </Widget>
    </aside>
  );
}
