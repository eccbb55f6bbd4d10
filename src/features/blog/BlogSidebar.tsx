import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { BrandIcon } from "../../components/ui/BrandIcon";
import { socialGlyphs } from "../../components/ui/social-icons";
import { ExternalLink } from "../../components/ui/Button";
import { blogCopy } from "../../content/blog";
import { site, socialProfiles } from "../../content/site";
import { formatLongDate } from "../../lib/format";
import type { CategoryCount, RecentPost } from "../../lib/posts";
import { blogCategoryPath, blogPostPath } from "../../lib/blog-paths";
import { CategoryChip } from "./CategoryChip";
import { SearchForm } from "./SearchForm";

const copy = blogCopy.sidebar;

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
}

/** Search, About The Author, Recent Posts, Categories (links to their pages) and Follow Us (the agency's profiles). */
export function BlogSidebar({ recentPosts, categories }: BlogSidebarProps) {
  return (
    <aside className="space-y-6" aria-label="Blog sidebar">
      <div className="rounded-card border border-slate-100 bg-white p-4 shadow-soft">
        <SearchForm id="sidebar-search" />
      </div>

      <Widget title={copy.aboutHeading}>
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {site.name.charAt(0)}
          </span>
          <div>
            <p className="font-semibold text-ink">{site.name}</p>
            <p className="mt-1 text-sm text-ink-muted">{copy.aboutBody}</p>
          </div>
        </div>
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
